import Essentials

/// Instantiates the plugins of a ``LoadPlan``, starts them in order, and stops them in reverse.
///
/// One host per process: a command starts only the plugins it needs (``start(only:)``), the
/// daemon keeps its plugins started until it returns, and ``stop(timeout:)`` bounds each stop.
///
/// Startup never throws: each plugin's failure policy decides whether its failure aborts the
/// whole startup (stopping whatever had started), degrades it, or is ignored; the
/// ``StartupReport`` says what happened to every plugin.
public actor PluginHost {
    /// The capabilities the started plugins provide.
    public nonisolated let registry: CapabilityRegistry
    /// The entries the started plugins contribute to extension points.
    public nonisolated let extensions: ExtensionRegistry
    private let plan: LoadPlan
    private let logger: Logger
    private var statuses: [PluginStatus]
    private var running: [(id: String, plugin: any Plugin)] = []

    /// Creates a host for `plan`; nothing starts until ``start()``.
    public init(
        plan: LoadPlan, registry: CapabilityRegistry = CapabilityRegistry(), extensions: ExtensionRegistry = ExtensionRegistry(),
        logger: Logger
    ) {
        self.plan = plan
        self.registry = registry
        self.extensions = extensions
        self.logger = logger
        statuses = plan.startOrder.map {
            PluginStatus(id: $0.descriptor.id, version: $0.descriptor.version, failurePolicy: $0.failurePolicy, state: .pending)
        } + plan.disabled.map { PluginStatus(id: $0.id, version: nil, failurePolicy: $0.failurePolicy, state: .disabled) }
    }

    /// Every plugin's status as it stands now.
    public var report: [PluginStatus] { statuses }

    /// Instantiates every enabled plugin, then starts them in dependency order.
    public func start() async -> StartupReport {
        await start(only: Set(plan.startOrder.map(\.descriptor.id)))
    }

    /// Starts `ids` and what they need first (``LoadPlan/closure(of:)``), in dependency order;
    /// the other enabled plugins stay `idle`. Called again, it starts only what has not started
    /// yet (such as the plugins that forget a server, when a command finds it must).
    public func start(only ids: Set<String>) async -> StartupReport {
        let needed = plan.closure(of: ids)
        let waiting = Set(statuses.filter { $0.state == .pending || $0.state == .idle }.map(\.id))
        let order = plan.startOrder.filter { needed.contains($0.descriptor.id) && waiting.contains($0.descriptor.id) }
        for planned in plan.startOrder where !needed.contains(planned.descriptor.id) && waiting.contains(planned.descriptor.id) {
            setState(planned.descriptor.id, .idle)
        }
        var instances: [String: any Plugin] = [:]
        for planned in order {
            do {
                instances[planned.descriptor.id] = try planned.factory.makePlugin(configuration: planned.configuration)
            } catch {
                if let abort = fail(planned, .failed("cannot be created: \(error)")) { return await aborted(abort) }
            }
        }
        var degraded = false
        for planned in order {
            let id = planned.descriptor.id
            guard let plugin = instances[id] else { continue }
            let failure: PluginState?
            if let missing = planned.descriptor.requires.first(where: { registry.provider(of: $0) == nil }) {
                failure = .skipped("needs \(missing), whose provider did not start")
            } else {
                failure = await startOne(planned, plugin)
            }
            guard let failure else { continue }
            if let abort = fail(planned, failure) { return await aborted(abort) }
            degraded = degraded || planned.failurePolicy == .degrade
        }
        return StartupReport(outcome: degraded ? .degraded : .running, plugins: statuses)
    }

    /// Stops every started plugin in the reverse of the order they started, giving each at most
    /// `timeout`: a plugin that takes longer is logged and left behind, and the next one stops.
    public func stop(timeout: Duration = .seconds(10)) async {
        while let (id, plugin) = running.popLast() {
            logger.debug("stopping \(id)")
            if await !PluginStopper.stop(plugin, within: timeout) {
                logger.warning("\(id) did not stop within \(timeout); going on without waiting for it")
            }
            forget(id)
            setState(id, .stopped)
        }
    }

    /// Removes what `id` registered: its capabilities and its extension entries.
    private func forget(_ id: String) {
        registry.removeCapabilities(of: id)
        extensions.removeContributions(of: id)
    }

    /// Starts one plugin; returns its failure, or nil once it runs and provides what it declared.
    private func startOne(_ planned: PlannedPlugin, _ plugin: any Plugin) async -> PluginState? {
        let id = planned.descriptor.id
        let context = PluginContext(pluginID: id, logger: logger.labeled(id), registry: registry, extensions: extensions)
        do {
            try await plugin.start(context)
        } catch {
            forget(id)
            return .failed("start failed: \(error)")
        }
        let absent = planned.descriptor.provides.first { registry.provider(of: $0) != id }.map { "\($0)" }
            ?? planned.descriptor.contributes.first { !extensions.hasEntry(point: $0.point, name: $0.name, by: id) }
                .map { "'\($0.name)' to \($0.point)" }
        if let absent {
            await plugin.stop()
            forget(id)
            return .failed("started but did not provide \(absent), which it declares")
        }
        running.append((id, plugin))
        setState(id, .started)
        logger.info("started \(id) \(planned.descriptor.version)")
        return nil
    }

    /// Records a failure; returns the abort reason when the plugin's policy is `abort`.
    private func fail(_ planned: PlannedPlugin, _ state: PluginState) -> String? {
        let id = planned.descriptor.id
        setState(id, state)
        switch planned.failurePolicy {
        case .abort:
            logger.error("\(id) \(state); its policy is abort")
            return "'\(id)' \(state)"
        case .degrade:
            logger.warning("\(id) \(state); continuing degraded")
        case .ignore:
            logger.info("\(id) \(state); ignored by its policy")
        }
        return nil
    }

    private func aborted(_ reason: String) async -> StartupReport {
        for index in statuses.indices where statuses[index].state == .pending {
            statuses[index].state = .skipped("startup aborted")
        }
        await stop()
        return StartupReport(outcome: .aborted(reason), plugins: statuses)
    }

    private func setState(_ id: String, _ state: PluginState) {
        guard let index = statuses.firstIndex(where: { $0.id == id }) else { return }
        statuses[index].state = state
    }
}
