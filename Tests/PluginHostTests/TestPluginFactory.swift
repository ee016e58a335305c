import Essentials
import PluginHost

/// Makes ``TestPlugin``s; accepts exactly the configuration keys its descriptor lists.
struct TestPluginFactory: PluginFactory {
    enum Behaviour: Sendable {
        case succeed
        case failCreate
        case failStart
        case omitCapability
        case omitContribution
        case hangOnStop
    }

    let descriptor: PluginDescriptor
    let behaviour: Behaviour
    let log: EventLog

    init(
        _ id: String, version: SemanticVersion = SemanticVersion(1, 0, 0), provides: [String] = [], requires: [String] = [],
        contributes: [String] = [], consumes: [String] = [],
        policy: FailurePolicy = .abort, behaviour: Behaviour = .succeed, log: EventLog = EventLog()
    ) {
        // An entry is written POINT/NAME.
        let declarations = contributes.map { entry in
            let parts = entry.split(separator: "/", maxSplits: 1).map(String.init)
            return ContributionDeclaration(point: parts[0], name: parts[1], summary: "\(parts[1]) of \(id)")
        }
        descriptor = PluginDescriptor(
            id: id, version: version, summary: "test plugin \(id)",
            provides: provides.map { CapabilityID(name: $0) }, requires: requires.map { CapabilityID(name: $0) },
            contributes: declarations, consumes: consumes, failurePolicy: policy
        )
        self.behaviour = behaviour
        self.log = log
    }

    func configurationProblems(_ configuration: [String: JSONValue]) -> [String] {
        configuration.keys.sorted().map { "key '\($0)' is unknown; valid keys: none" }
    }

    func makePlugin(configuration: [String: JSONValue]) throws -> any Plugin {
        if behaviour == .failCreate { throw TestFailure(message: "\(descriptor.id) cannot be made") }
        return TestPlugin(descriptor: descriptor, behaviour: behaviour, log: log)
    }
}
