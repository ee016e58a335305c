/// Asks the user which structure (server) to (re)authorize.
public protocol PermissionsPrompt: Sendable {
    /// The chosen structure id, or nil when the user cancelled. Must be one `choice` accepts.
    func choose(_ choice: StructureChoice) async throws -> String?
}
