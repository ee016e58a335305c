import FoundationEssentials
import PluginHost

/// The `--json` form of a manifest check: whether it is valid, every diagnostic, the start order.
struct ManifestCheckJSON: Encodable {
    let manifest: String
    let valid: Bool
    let diagnostics: [Diagnostic]
    let startOrder: [String]
}
