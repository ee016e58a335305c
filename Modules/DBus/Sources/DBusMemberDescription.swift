/// A method or signal as introspection data describes it.
public struct DBusMemberDescription: Sendable, Equatable {
    public let name: String
    public let arguments: [DBusArgumentDescription]

    public init(_ name: String, _ arguments: [DBusArgumentDescription] = []) {
        self.name = name
        self.arguments = arguments
    }
}
