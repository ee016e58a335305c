import Essentials
import FoundationEssentials

extension PluginManifest {
    private static let entryKeys = ["id", "enabled", "version", "library", "failurePolicy", "configuration", "after"]

    /// Reads and decodes the manifest at `url`; throws every problem found.
    public static func load(from url: URL) throws(ManifestRejected) -> PluginManifest {
        let (manifest, diagnostics) = read(from: url)
        guard let manifest, diagnostics.isEmpty else { throw ManifestRejected(diagnostics: diagnostics) }
        return manifest
    }

    /// Decodes a manifest; throws every problem found.
    public static func decode(_ data: Data, baseDirectory: URL) throws(ManifestRejected) -> PluginManifest {
        let (manifest, diagnostics) = decodeCollecting(data, baseDirectory: baseDirectory)
        guard let manifest, diagnostics.isEmpty else { throw ManifestRejected(diagnostics: diagnostics) }
        return manifest
    }

    /// Reads the manifest at `url` as far as it can be understood, with every problem found.
    ///
    /// An entry with a usable id is kept even when another of its fields is wrong (that field
    /// takes its default), so later checks can still report on it; the manifest is nil only
    /// when the file cannot be read or is not a JSON object.
    public static func read(from url: URL) -> (manifest: PluginManifest?, diagnostics: [Diagnostic]) {
        let data: Data
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            if let size = attributes[.size] as? UInt, size > UInt(maximumSize) {
                return (nil, [Diagnostic(.malformedManifest, "\(url.path) is \(size) bytes; a manifest may be at most \(maximumSize) bytes")])
            }
            data = try Data(contentsOf: url)
        } catch {
            return (nil, [Diagnostic(.malformedManifest, "cannot read \(url.path): \(error)")])
        }
        return decodeCollecting(data, baseDirectory: url.deletingLastPathComponent())
    }

    /// Decodes as much of a manifest as can be understood, collecting every problem in it.
    static func decodeCollecting(_ data: Data, baseDirectory: URL) -> (manifest: PluginManifest?, diagnostics: [Diagnostic]) {
        guard data.count <= maximumSize else {
            return (nil, [Diagnostic(
                .malformedManifest, "the manifest is \(data.count) bytes; at most \(maximumSize) are read"
            )])
        }
        let root: JSONValue
        do {
            root = try JSONParser.parse(data)
        } catch {
            return (nil, [Diagnostic(.malformedManifest, "not valid JSON: \(error)")])
        }
        guard let object = root.objectValue else {
            return (nil, [Diagnostic(
                .malformedManifest, "the manifest must be a JSON object with `schemaVersion` and `plugins`, not \(root.kindName)"
            )])
        }
        var diagnostics: [Diagnostic] = []
        for key in object.keys.sorted() where !["schemaVersion", "plugins"].contains(key) {
            diagnostics.append(Diagnostic(.malformedManifest, "unknown key '\(key)'; valid keys: schemaVersion, plugins"))
        }
        var schemaVersion = 0
        switch object["schemaVersion"] {
        case .integer(let version) where supportedSchemaVersions.contains(Int(version)):
            schemaVersion = Int(version)
        case .integer(let version):
            diagnostics.append(Diagnostic(
                .unsupportedSchema,
                "schemaVersion \(version) is not supported; this host reads \(supportedSchemaVersions.map(String.init).joined(separator: ", "))"
            ))
        case nil:
            diagnostics.append(Diagnostic(.malformedManifest, "'schemaVersion' is required; use 1"))
        case let other?:
            diagnostics.append(Diagnostic(.malformedManifest, "'schemaVersion' must be an integer, not \(other.kindName)"))
        }
        var entries: [ManifestEntry] = []
        switch object["plugins"] {
        case .array(let items):
            for (index, item) in items.enumerated() {
                if let entry = decodeEntry(item, path: "plugins[\(index)]", into: &diagnostics) {
                    entries.append(entry)
                }
            }
        case nil:
            diagnostics.append(Diagnostic(.malformedManifest, "'plugins' is required: a list of plugin entries"))
        case let other?:
            diagnostics.append(Diagnostic(.malformedManifest, "'plugins' must be an array, not \(other.kindName)"))
        }
        return (PluginManifest(schemaVersion: schemaVersion, plugins: entries, baseDirectory: baseDirectory), diagnostics)
    }

    private static func decodeEntry(_ value: JSONValue, path: String, into diagnostics: inout [Diagnostic]) -> ManifestEntry? {
        guard let object = value.objectValue else {
            diagnostics.append(Diagnostic(.malformedManifest, "\(path) must be an object with an 'id', not \(value.kindName)"))
            return nil
        }
        func problem(_ message: String) {
            diagnostics.append(Diagnostic(.malformedManifest, "\(path).\(message)"))
        }
        for key in object.keys.sorted() where !entryKeys.contains(key) {
            problem("\(key) is not a known key; valid keys: \(entryKeys.joined(separator: ", "))")
        }
        var id = ""
        switch object["id"] {
        case .string(let text) where !text.isEmpty: id = text
        case .string: problem("id must not be empty")
        case nil: problem("id is required")
        case let other?: problem("id must be a non-empty string, not \(other.kindName)")
        }
        var enabled = true
        switch object["enabled"] {
        case .bool(let flag): enabled = flag
        case nil: break
        case let other?: problem("enabled must be true or false, not \(other.kindName)")
        }
        var version: SemanticVersion?
        switch object["version"] {
        case .string(let text):
            version = SemanticVersion(text)
            if version == nil { problem("version '\(text)' is not a version such as 1.2.0") }
        case nil: break
        case let other?: problem("version must be a string such as \"1.2.0\", not \(other.kindName)")
        }
        var library: String?
        switch object["library"] {
        case .string(let text) where !text.isEmpty: library = text
        case .string: problem("library must not be empty")
        case nil: break
        case let other?: problem("library must be the path of a dynamic library, not \(other.kindName)")
        }
        var policy: FailurePolicy?
        switch object["failurePolicy"] {
        case .string(let text):
            policy = FailurePolicy(rawValue: text)
            if policy == nil {
                problem("failurePolicy '\(text)' is unknown; valid: \(FailurePolicy.allCases.map(\.rawValue).joined(separator: ", "))")
            }
        case nil: break
        case let other?: problem("failurePolicy must be a string, not \(other.kindName)")
        }
        var configuration: [String: JSONValue] = [:]
        switch object["configuration"] {
        case .object(let value): configuration = value
        case nil: break
        case let other?: problem("configuration must be an object, not \(other.kindName)")
        }
        var after: [String] = []
        switch object["after"] {
        case .array(let items):
            for item in items {
                guard case .string(let name) = item, !name.isEmpty else {
                    problem("after must list plugin ids as strings, not \(item.kindName)")
                    continue
                }
                after.append(name)
            }
        case nil: break
        case let other?: problem("after must be an array of plugin ids, not \(other.kindName)")
        }
        guard !id.isEmpty else { return nil }
        return ManifestEntry(
            id: id, enabled: enabled, version: version, library: library, failurePolicy: policy, configuration: configuration,
            after: after
        )
    }
}
