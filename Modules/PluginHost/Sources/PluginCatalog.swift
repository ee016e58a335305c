/// The plugins compiled into an executable, by id.
public struct PluginCatalog: Sendable {
    private let factories: [String: any PluginFactory]

    /// Creates a catalog; a later factory with the same id replaces an earlier one.
    public init(_ factories: [any PluginFactory]) {
        var byID: [String: any PluginFactory] = [:]
        for factory in factories { byID[factory.descriptor.id] = factory }
        self.factories = byID
    }

    /// The ids of every plugin in the catalog, sorted.
    public var ids: [String] { factories.keys.sorted() }

    /// The factory for `id`, if the catalog has it.
    public func factory(for id: String) -> (any PluginFactory)? {
        factories[id]
    }

    /// Ids of catalog plugins providing `capability` under any version.
    func providers(of capability: String) -> [String] {
        ids.filter { id in factories[id]?.descriptor.provides.contains { $0.name == capability } ?? false }
    }
}
