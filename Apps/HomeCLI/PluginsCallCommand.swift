import CLIKit
import Essentials
import FoundationEssentials
import PluginHost

/// `home plugins call CAPABILITY [JSON]`: sends a JSON request to an out-of-tree plugin's capability.
struct PluginsCallCommand: Command {
    let name = "call"
    let summary = "Call a capability of an out-of-tree plugin with a JSON request and print its JSON answer."
    let arguments = "CAPABILITY[@VERSION] [JSON]"
    let source: ManifestSource

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let arguments = try invocation.positionals("a CAPABILITY", minimum: 1, maximum: 2)
        let capability = try Self.capabilityID(arguments[0])
        let request: JSONValue
        do {
            request = try JSONParser.parse(arguments.count > 1 ? arguments[1] : "{}")
        } catch {
            throw UsageError("the request is not valid JSON: \(error)")
        }
        let plan = try source.plan()
        let providers = plan.startOrder.filter { $0.descriptor.provides.contains(capability) }.map(\.descriptor.id)
        let host = PluginHost(plan: plan, logger: Current.logger("plugin-host"))
        _ = await host.start(only: Set(providers))
        let answer = Result { try host.registry.resolve(ForeignCapability.key(capability)).invoke(request) }
        await host.stop()
        try invocation.console.printJSON(answer.get())
        return .success
    }

    /// Parses `name` or `name@version`.
    static func capabilityID(_ text: String) throws(UsageError) -> CapabilityID {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard let name = parts.first, !name.isEmpty, parts.count <= 2 else {
            throw UsageError("'\(text)' is not a capability; write NAME or NAME@VERSION")
        }
        guard parts.count == 2 else { return CapabilityID(name: String(name)) }
        guard let version = Int(parts[1]), version > 0 else {
            throw UsageError("'\(text)' has no valid version after '@'; write NAME@1")
        }
        return CapabilityID(name: String(name), version: version)
    }
}
