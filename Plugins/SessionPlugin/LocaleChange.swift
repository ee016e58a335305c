/// What `home locale set --json` prints.
struct LocaleChange: Encodable {
    let locale: String
    let server: String?
    let keptOnServer: Bool

    enum CodingKeys: String, CodingKey {
        case locale, server
        case keptOnServer = "kept_on_server"
    }
}
