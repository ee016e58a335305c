/// What ``HTTPRequestParser/next()`` found in the bytes received so far.
enum HTTPParserEvent: Sendable, Equatable {
    /// A whole request: its head and its body (chunks already joined).
    case request(HTTPRequestHead, [UInt8])
    /// The head asked for `100 Continue` before the body, and the body is not all here yet.
    case continueNeeded
    /// The request is refused; nothing after it is read.
    case failure(HTTPParseFailure)
}
