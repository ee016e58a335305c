/// Why a D-Bus exchange failed.
public enum DBusClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bus could not be reached.
    case cannotConnect(String)
    /// The peer answered with an error (its D-Bus error name and message).
    case remote(name: String, message: String)
    /// A value this side will not send (an invalid path, a string with NUL, mismatched array items).
    case invalidValue(String)
    /// A value of a type this library does not read (file descriptors).
    case unsupportedType(Character)
    /// The connection to the bus ended (the bus went away, or a message was over the size limit).
    case disconnected
    /// The service's object lacks a method or signal this program relies on (an older version).
    case missingMember(service: String, interface: String, member: String)

    public var description: String {
        switch self {
        case .cannotConnect(let reason): "cannot reach the D-Bus bus: \(reason)"
        case .remote(let name, let message): "\(message) (\(name))"
        case .invalidValue(let reason): "not a valid D-Bus value: \(reason)"
        case .unsupportedType(let code): "a D-Bus value of type '\(code)' is not supported"
        case .disconnected: "the D-Bus connection ended"
        case .missingMember(let service, let interface, let member):
            "\(service) has no \(interface).\(member): it is older than this companion needs, or not the service it expects"
        }
    }

    /// The remote error's name, if the peer answered with one.
    public var remoteName: String? {
        if case .remote(let name, _) = self { return name }
        return nil
    }
}
