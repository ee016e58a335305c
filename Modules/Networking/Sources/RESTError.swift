import Transport

/// Why a REST call to Home Assistant failed.
public enum RESTError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 400: the request was malformed; the server's message says how.
    case badRequest(String)
    /// 401: the token is missing, wrong or revoked.
    case unauthorized
    /// 404: no such entity, service or endpoint.
    case notFound(String)
    /// Any other unexpected status.
    case status(Int, String)
    /// The answer was larger than the limit.
    case tooLarge(Int)
    /// The server could not be reached.
    case transport(String)
    /// The answer could not be read.
    case invalidResponse(String)

    public var description: String {
        switch self {
        case .badRequest(let message): "Home Assistant rejected the request (400): \(message)"
        case .unauthorized: "Home Assistant refused the token (401); sign in again or check HOME_TOKEN"
        case .notFound(let path): "not found (404): \(path)"
        case .status(let code, let body): "Home Assistant answered \(code): \(body.prefix(200))"
        case .tooLarge(let limit): "the answer exceeds \(limit) bytes"
        case .transport(let message): "cannot reach Home Assistant: \(message)"
        case .invalidResponse(let message): "unreadable answer: \(message)"
        }
    }
}
