import Essentials

/// A scene or a script: it can be activated.
public struct ActivatableTrait: Sendable, Equatable {
    /// `scene` or `script`.
    public let domain: String
    /// For a scene, when it was last activated; for a script, whether it runs (`on`).
    public let state: String

    var values: [String: JSONValue] { ["domain": .string(domain), "state": .string(state)] }
}
