/// A typed key for an extension point: many plugins contribute entries of type `Value`, and a
/// consumer reads them all.
///
/// Declare one per extension point, next to the protocol its entries implement:
/// `static let commands = ExtensionPoint<any Command>(name: "commands") { ForeignCommand($0) }`.
/// `adaptForeign` turns an out-of-tree plugin's contribution (JSON across the C ABI) into a
/// `Value`; without it, the point takes no out-of-tree entries (the consumer never sees them).
public struct ExtensionPoint<Value>: Sendable {
    /// The point's name, as descriptors list it under `contributes` and `consumes`.
    public let name: String
    let adaptForeign: (@Sendable (ForeignContribution) -> Value)?

    /// Creates a key.
    public init(name: String, adaptForeign: (@Sendable (ForeignContribution) -> Value)? = nil) {
        self.name = name
        self.adaptForeign = adaptForeign
    }
}
