/// What answering one request needs of its head: whether the connection stays open, the HTTP
/// version, and whether a body goes out (not for HEAD). Three plain values, so an answer that
/// waits keeps these in the connection's state rather than the whole head with its strings.
struct AnswerFraming {
    let keepsAlive: Bool
    /// 1 for HTTP/1.1, 0 for HTTP/1.0.
    let minorVersion: Int
    let sendsBody: Bool

    init(_ head: HTTPRequestHead) {
        keepsAlive = head.keepsAlive
        minorVersion = head.minorVersion
        sendsBody = head.method != "HEAD"
    }
}
