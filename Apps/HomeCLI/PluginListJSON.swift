import FoundationEssentials
import PluginHost

/// The `--json` form of `home plugins`.
struct PluginListJSON: Encodable {
    struct Entry: Encodable {
        let id: String
        let version: String?
        let enabled: Bool
        let state: String
        let reason: String?
        let failurePolicy: String?
        let provides: [String]
        let requires: [String]
        let consumes: [String]
        let contributes: [Contributed]
    }

    struct Contributed: Encodable {
        let point: String
        let name: String
    }

    let manifest: String
    let outcome: String
    let plugins: [Entry]

    init(manifest: String, report: StartupReport, plan: LoadPlan) {
        self.manifest = manifest
        outcome = report.outcome.description
        let descriptors = Dictionary(uniqueKeysWithValues: plan.startOrder.map { ($0.descriptor.id, $0.descriptor) })
        plugins = report.plugins.map { status in
            let descriptor = descriptors[status.id]
            return Entry(
                id: status.id, version: status.version?.description, enabled: status.state != .disabled,
                state: status.state.name, reason: status.state.reason, failurePolicy: status.failurePolicy?.rawValue,
                provides: descriptor?.provides.map(\.description) ?? [], requires: descriptor?.requires.map(\.description) ?? [],
                consumes: descriptor?.consumes ?? [], contributes: descriptor?.contributes.map { Contributed(point: $0.point, name: $0.name) } ?? []
            )
        }
    }
}
