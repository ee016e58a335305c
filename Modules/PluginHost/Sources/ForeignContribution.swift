import Essentials

/// An entry an out-of-tree plugin contributes to an extension point: its declaration, and a
/// call into the library (`invoke` with `POINT/NAME`, JSON in and out).
public struct ForeignContribution: Sendable {
    /// What the library's descriptor declares about the entry.
    public let declaration: ContributionDeclaration
    private let table: PluginABITable

    init(declaration: ContributionDeclaration, table: PluginABITable) {
        self.declaration = declaration
        self.table = table
    }

    /// The name `invoke` receives for this entry: `commands/greet`.
    public var target: String { "\(declaration.point)/\(declaration.name)" }

    /// Sends `request` to the library and returns its answer.
    public func invoke(_ request: JSONValue) throws -> JSONValue {
        try table.invoke(target, request)
    }
}
