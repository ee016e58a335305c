/// One problem found while checking a manifest, saying what is wrong and what the valid choices are.
public struct Diagnostic: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The kind of problem.
    public let code: DiagnosticCode
    /// The plugin the problem is about, or nil for the manifest as a whole.
    public let plugin: String?
    /// What is wrong and how to fix it.
    public let message: String

    /// Creates a diagnostic.
    public init(_ code: DiagnosticCode, plugin: String? = nil, _ message: String) {
        self.code = code
        self.plugin = plugin
        self.message = message
    }

    public var description: String {
        "\(code.rawValue): \(plugin.map { "plugin '\($0)': " } ?? "")\(message)"
    }
}
