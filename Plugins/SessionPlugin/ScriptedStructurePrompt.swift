import HomeAPI

/// The non-interactive answer to a permissions update: `--choose URL`, or `--yes` for the
/// preselected one. Whether the choice is allowed is checked by the update itself.
struct ScriptedStructurePrompt: PermissionsPrompt {
    /// The structure to choose; nil takes the preselected one.
    let structure: String?

    func choose(_ choice: StructureChoice) async throws -> String? {
        structure ?? choice.preselected
    }
}
