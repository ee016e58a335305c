import Essentials

/// An out-of-tree plugin seen through its C function table.
///
/// Each capability it provides is registered as a ``ForeignCapability``, and each entry it
/// declares under `contributes` as a ``ForeignContribution``; both forward JSON requests to the
/// library's `invoke`.
final class DynamicPlugin: Plugin {
    private let descriptor: PluginDescriptor
    private let table: PluginABITable
    private let configuration: [String: JSONValue]

    init(descriptor: PluginDescriptor, table: PluginABITable, configuration: [String: JSONValue]) {
        self.descriptor = descriptor
        self.table = table
        self.configuration = configuration
    }

    func start(_ context: PluginContext) async throws {
        try table.start(configuration)
        for capability in descriptor.provides {
            try context.provide(ForeignCapability.key(capability), ForeignCapability(capability: capability.name, table: table))
        }
        for declaration in descriptor.contributes {
            try context.extensionRegistry.contribute(ForeignContribution(declaration: declaration, table: table), by: context.pluginID)
        }
    }

    func stop() async {
        table.stop()
    }
}
