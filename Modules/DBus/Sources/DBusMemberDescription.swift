/// A method or signal as introspection data describes it.
public struct DBusMemberDescription: Sendable, Equatable {
    /// The method's or signal's name.
    public let name: String
    /// Its arguments, in order.
    public let arguments: [DBusArgumentDescription]

    /// Describes a method or signal.
    public init(_ name: String, _ arguments: [DBusArgumentDescription] = []) {
        self.name = name
        self.arguments = arguments
    }
}
