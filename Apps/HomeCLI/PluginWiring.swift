import CLIKit
import PluginHost

/// The second part of `home plugins`: what each enabled plugin provides, requires, consumes and
/// contributes, one line each, so the wiring the manifest makes can be read at a glance.
struct PluginWiring {
    let plan: LoadPlan

    var text: String {
        let width = plan.startOrder.map(\.descriptor.id.count).max() ?? 0
        let lines = plan.startOrder.map { planned -> String in
            let descriptor = planned.descriptor
            var parts: [String] = []
            if !descriptor.provides.isEmpty { parts.append("provides " + descriptor.provides.map(\.description).joined(separator: ", ")) }
            if !descriptor.requires.isEmpty { parts.append("requires " + descriptor.requires.map(\.description).joined(separator: ", ")) }
            if !descriptor.consumes.isEmpty { parts.append("reads " + descriptor.consumes.joined(separator: ", ")) }
            let points = descriptor.contributes.reduce(into: [String: [String]]()) { $0[$1.point, default: []].append($1.name) }
            for point in points.keys.sorted() {
                parts.append("\(point): " + (points[point] ?? []).joined(separator: ", "))
            }
            return "  \(descriptor.id.padded(to: width))  \(parts.joined(separator: "; "))"
        }
        return (["WIRING"] + lines).joined(separator: "\n")
    }
}
