/// The example plugin's configuration: the word it greets with.
struct GreeterConfiguration: Decodable {
    /// The longest salutation accepted.
    static let maximumLength = 40

    let salutation: String?
}
