/// Why a request on the loopback redirect listener could not be read.
public enum RedirectRequestError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The connection ended before the request's head did.
    case truncated
    /// The head is longer than ``RedirectRequest/maximumHeadSize``.
    case tooLarge
    /// The request line is not `METHOD TARGET HTTP/1.x`.
    case malformed(String)

    public var description: String {
        switch self {
        case .truncated: "the request ended before its head did"
        case .tooLarge: "the request head exceeds \(RedirectRequest.maximumHeadSize) bytes"
        case .malformed(let reason): "malformed request: \(reason)"
        }
    }
}
