/// Why a webhook call failed.
public enum WebhookError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 410: the integration was deleted on the server.
    case gone
    /// 404 from the cloudhook: the integration (or its cloud link) is gone.
    case cloudhookNotFound
    /// Another unexpected status.
    case status(Int, String)
    /// The server could not be reached; the call can be retried.
    case transport(String)
    /// The answer could not be read.
    case invalidResponse(String)

    public var description: String {
        switch self {
        case .gone: "the server deleted this device's integration (410)"
        case .cloudhookNotFound: "the cloudhook answered 404: the integration is gone"
        case .status(let code, let body): "the webhook answered \(code): \(body.prefix(200))"
        case .transport(let message): "cannot reach the webhook: \(message)"
        case .invalidResponse(let message): "unreadable webhook answer: \(message)"
        }
    }
}
