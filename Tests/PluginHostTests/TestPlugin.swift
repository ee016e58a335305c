import PluginHost

/// A plugin whose start succeeds or fails as a test says, recording start and stop.
final class TestPlugin: Plugin {
    let descriptor: PluginDescriptor
    let behaviour: TestPluginFactory.Behaviour
    let log: EventLog

    init(descriptor: PluginDescriptor, behaviour: TestPluginFactory.Behaviour, log: EventLog) {
        self.descriptor = descriptor
        self.behaviour = behaviour
        self.log = log
    }

    func start(_ context: PluginContext) async throws {
        for required in descriptor.requires {
            _ = try context.resolve(CapabilityKey<String>(name: required.name, version: required.version))
        }
        if behaviour == .failStart {
            log.append("fail \(descriptor.id)")
            throw TestFailure(message: "\(descriptor.id) refused to start")
        }
        if behaviour != .omitCapability {
            for capability in descriptor.provides {
                try context.provide(CapabilityKey<String>(name: capability.name, version: capability.version), descriptor.id)
            }
        }
        if behaviour != .omitContribution {
            for declaration in descriptor.contributes {
                try context.contribute(ExtensionPoint<String>(name: declaration.point), name: declaration.name, "\(declaration.name) by \(descriptor.id)")
            }
        }
        for point in descriptor.consumes {
            let seen = context.contributions(to: ExtensionPoint<String>(name: point)).map(\.value)
            log.append("\(descriptor.id) sees \(point): \(seen.joined(separator: ", "))")
        }
        log.append("start \(descriptor.id)")
    }

    func stop() async {
        if behaviour == .hangOnStop {
            // Far longer than any test's stop timeout; the host must go on without it.
            try? await Task.sleep(for: .seconds(3600))
        }
        log.append("stop \(descriptor.id)")
    }
}
