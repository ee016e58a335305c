/// Why the tray cannot start.
public enum TrayError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Another process holds the tray's name: a tray runs already for this user.
    case alreadyRunning(String)

    public var description: String {
        switch self {
        case .alreadyRunning(let name): "a tray runs already (\(name) is taken on the session bus)"
        }
    }
}
