import SessionContract

/// Opens the live device model of a server: the value of ``DevicesCapabilities/model``.
public protocol DeviceModelAccess: Sendable {
    /// How long a command waits for its state, in seconds.
    var commandTimeout: Double { get }

    /// The model of the server `selection` names, connected, its registries read and its first
    /// snapshot of states in; `strict` overrides whether commands are validated before sending.
    func open(_ selection: ServerSelection, strict: Bool?) async throws -> OpenHomeModel
}
