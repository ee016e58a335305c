import Agent
import Essentials
import FoundationEssentials
import PluginHost

/// A sensor an out-of-tree plugin contributes: defined by its declaration, read through `invoke`.
struct ForeignSensor: LinuxSensor {
    let definition: SensorDefinition
    private let contribution: ForeignContribution

    init(_ contribution: ForeignContribution) {
        let declaration = contribution.declaration
        let metadata = declaration.metadata
        self.contribution = contribution
        definition = SensorDefinition(
            uniqueID: declaration.name, name: declaration.summary.isEmpty ? declaration.name : declaration.summary,
            deviceClass: metadata["device_class"]?.stringValue, stateClass: metadata["state_class"]?.stringValue,
            unit: metadata["unit"]?.stringValue, icon: metadata["icon"]?.stringValue ?? "mdi:puzzle",
            entityCategory: metadata["entity_category"]?.stringValue
        )
    }

    /// Asks the plugin; nil (reported as `unavailable`) when it fails or answers without a state.
    func read(root: URL) -> JSONValue? {
        do {
            guard let state = try contribution.invoke(.object([:])).objectValue?["state"], state != .null else { return nil }
            return state
        } catch {
            Current.logger("agent").warning("sensor \(definition.uniqueID) of an out-of-tree plugin could not be read: \(error)")
            return nil
        }
    }
}
