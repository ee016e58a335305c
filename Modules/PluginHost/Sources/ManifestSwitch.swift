import Essentials
import FoundationEssentials

/// Turns one plugin on or off in a manifest file's text, keeping every other entry and key as
/// it is: the entry with the plugin's id gets `enabled`, or a new `{"id", "enabled"}` entry is
/// added (a file names only what it changes). No file yet is an empty manifest of schema 1.
public enum ManifestSwitch {
    /// The manifest text `current` (nil: no file) with plugin `id` enabled or disabled; throws
    /// when `current` is not a manifest this can change (not JSON, no `plugins` array).
    public static func setting(_ id: String, enabled: Bool, in current: Data?) throws(ManifestRejected) -> [UInt8] {
        var object: [String: JSONValue] = ["schemaVersion": .integer(1), "plugins": .array([])]
        if let current {
            guard current.count <= PluginManifest.maximumSize, let parsed = (try? JSONParser.parse(current))?.objectValue else {
                throw ManifestRejected(diagnostics: [Diagnostic(.malformedManifest, "the manifest is not a JSON object of at most \(PluginManifest.maximumSize) bytes; it was left as it is")])
            }
            object = parsed
        }
        guard case .array(var entries) = object["plugins"] ?? .array([]) else {
            throw ManifestRejected(diagnostics: [Diagnostic(.malformedManifest, "the manifest's 'plugins' is not an array; it was left as it is")])
        }
        if let index = entries.firstIndex(where: { $0.objectValue?["id"]?.stringValue == id }), var entry = entries[index].objectValue {
            entry["enabled"] = .bool(enabled)
            entries[index] = .object(entry)
        } else {
            entries.append(.object(["id": .string(id), "enabled": .bool(enabled)]))
        }
        object["plugins"] = .array(entries)
        do {
            return Array(try JSONSerializer.string(.object(object), pretty: true).utf8) + [0x0A]
        } catch {
            throw ManifestRejected(diagnostics: [Diagnostic(.malformedManifest, "the manifest cannot be written back: \(error)")])
        }
    }
}
