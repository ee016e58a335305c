import HAModels
import Transport

/// Why a Home Assistant request failed.
public enum HomeAssistantError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server answered with its error object.
    case server(ServerError)
    /// The connection was not ready within the retry window.
    case notReady(waited: Double)
    /// The connection dropped before the answer came; the request may or may not have run.
    case connectionLost(String)
    /// The server rejected the token, even after a refresh; the connection stopped.
    case authenticationFailed(String)
    /// The connection was stopped.
    case stopped
    /// The answer could not be read.
    case invalidResponse(String)

    public var description: String {
        switch self {
        case .server(let error): "Home Assistant refused the request: \(error)"
        case .notReady(let waited): "the connection was not ready within \(Int(waited)) s"
        case .connectionLost(let reason): "the connection dropped before the answer: \(reason)"
        case .authenticationFailed(let message): "authentication failed: \(message); sign in again"
        case .stopped: "the connection was stopped"
        case .invalidResponse(let reason): "unreadable answer: \(reason)"
        }
    }
}
