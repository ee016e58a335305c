import Essentials
import HAModels

/// The Home Assistant service call a command becomes, and the state that shows it took effect.
public struct ServiceCall: Sendable {
    public let domain: String
    public let service: String
    public let entityID: String
    public let data: [String: JSONValue]
    /// What the state reads once the command took effect, in words for a timeout's message.
    public let expected: String
    /// Whether a state (after the call) shows the command took effect.
    let isSatisfied: @Sendable (EntityState) -> Bool
}
