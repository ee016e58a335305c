/// An entry of an extension point as a consumer reads it: the value and who contributed it.
public struct Contribution<Value>: Sendable where Value: Sendable {
    /// The entry's name within the point.
    public let name: String
    /// The id of the plugin that contributed it.
    public let plugin: String
    /// The implementation.
    public let value: Value
}
