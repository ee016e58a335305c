/// A manifest that cannot be loaded, with every problem found in it.
public struct ManifestRejected: Error, Sendable, CustomStringConvertible {
    /// All the problems, in the order the checks found them.
    public let diagnostics: [Diagnostic]

    /// Creates the error.
    public init(diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    public var description: String {
        "the manifest has \(diagnostics.count) problem(s):\n" + diagnostics.map { "  \($0)" }.joined(separator: "\n")
    }
}
