import Foundation
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
    }

    let manifest: String
    let outcome: String
    let plugins: [Entry]

    init(manifest: String, report: StartupReport) {
        self.manifest = manifest
        outcome = report.outcome.description
        plugins = report.plugins.map { status in
            Entry(
                id: status.id, version: status.version?.description, enabled: status.state != .disabled,
                state: status.state.name, reason: status.state.reason, failurePolicy: status.failurePolicy?.rawValue
            )
        }
    }
}
