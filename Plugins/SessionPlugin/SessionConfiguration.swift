/// The session plugin's manifest configuration.
struct SessionConfiguration: Decodable, Sendable {
    /// The client id sessions are issued to (a URL); overrides `HOME_CLIENT_ID`.
    let clientID: String?
}
