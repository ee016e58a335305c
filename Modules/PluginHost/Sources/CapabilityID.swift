/// The name and interface version of a capability, as descriptors and diagnostics show it.
///
/// The version is the capability's interface major version: a plugin requiring `storage@1`
/// cannot use a provider of `storage@2`.
public struct CapabilityID: Sendable, Hashable, Codable, CustomStringConvertible, Comparable {
    public let name: String
    public let version: Int

    /// Creates an identifier.
    public init(name: String, version: Int = 1) {
        self.name = name
        self.version = version
    }

    public var description: String { "\(name)@\(version)" }

    public static func < (lhs: CapabilityID, rhs: CapabilityID) -> Bool {
        (lhs.name, lhs.version) < (rhs.name, rhs.version)
    }
}
