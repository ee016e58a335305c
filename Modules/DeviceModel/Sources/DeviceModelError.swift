/// Why a device model call failed; each says what was wrong and, where it can, what is valid.
public enum DeviceModelError: Error, Equatable, CustomStringConvertible {
    /// A command or argument the device does not take (checked before anything is sent).
    case invalidArgument(String)
    /// No device, entity, room or automation with that id.
    case notFound(String)
    /// Refused by the configuration (a type the app did not reference).
    case failedPrecondition(String)
    /// The server took the command but the state did not follow in time.
    case timeout(String)
    /// The server refused the call; its words.
    case server(String)

    public var description: String {
        switch self {
        case .invalidArgument(let text), .notFound(let text), .failedPrecondition(let text), .timeout(let text), .server(let text): text
        }
    }
}
