import FoundationEssentials

/// Turns a manifest into a ``LoadPlan``: resolve each entry, validate everything while
/// collecting every diagnostic, detect cycles, and order the plugins topologically.
public struct PluginLoader: Sendable {
    private let catalog: PluginCatalog
    private let loadLibrary: @Sendable (URL) throws -> any PluginFactory

    /// Creates a loader over the built-in `catalog`; `loadLibrary` opens out-of-tree plugins.
    public init(
        catalog: PluginCatalog,
        loadLibrary: @escaping @Sendable (URL) throws -> any PluginFactory = { try DynamicPluginFactory(library: $0) }
    ) {
        self.catalog = catalog
        self.loadLibrary = loadLibrary
    }

    /// Reads the manifest at `url` and validates it, reporting the problems of both stages
    /// together; `defaults` stand for the plugins the file does not name (``PluginManifest/adding(defaults:)``).
    public func plan(manifestAt url: URL, defaults: [ManifestEntry] = []) throws(ManifestRejected) -> LoadPlan {
        let (read, decodingProblems) = PluginManifest.read(from: url)
        guard let manifest = read?.adding(defaults: defaults) else { throw ManifestRejected(diagnostics: decodingProblems) }
        let validated = Result { () throws(ManifestRejected) -> LoadPlan in try plan(manifest) }
        switch validated {
        case .success(let plan) where decodingProblems.isEmpty:
            return plan
        case .success:
            throw ManifestRejected(diagnostics: decodingProblems)
        case .failure(let rejected):
            throw ManifestRejected(diagnostics: decodingProblems + rejected.diagnostics)
        }
    }

    /// Validates `manifest` and returns the plan, or throws every problem found. A plugin only
    /// the defaults enable, whose requirement only plugins the manifest disables provide, is
    /// disabled with them (disabling `agent` disables `assist`, which needs its webhook); one
    /// the file names itself is still an error.
    public func plan(_ given: PluginManifest) throws(ManifestRejected) -> LoadPlan {
        let manifest = given.disabling(defaultsWithoutProviders(given))
        var diagnostics: [Diagnostic] = []
        var resolved: [(entry: ManifestEntry, factory: any PluginFactory)] = []
        var seenIDs: Set<String> = []

        for entry in manifest.plugins {
            guard seenIDs.insert(entry.id).inserted else {
                diagnostics.append(Diagnostic(
                    .duplicatePlugin, plugin: entry.id, "listed more than once; keep one entry per plugin"
                ))
                continue
            }
            guard entry.enabled else { continue }
            guard let factory = resolveFactory(entry, in: manifest, into: &diagnostics) else { continue }
            check(entry, factory, into: &diagnostics)
            resolved.append((entry, factory))
        }

        let providers = providerMap(resolved.map(\.factory), into: &diagnostics)
        var edges: [String: Set<String>] = [:]
        for (entry, factory) in resolved {
            edges[entry.id] = []
            for required in factory.descriptor.requires {
                if let provider = providers[required.name], provider.id.version == required.version {
                    if provider.plugin != entry.id { edges[entry.id, default: []].insert(provider.plugin) }
                } else {
                    diagnostics.append(missing(required, by: entry.id, providers: providers, manifest: manifest))
                }
            }
        }

        addConsumerEdges(resolved.map(\.factory.descriptor), to: &edges, into: &diagnostics)

        let listed = Set(manifest.plugins.map(\.id))
        let enabled = Set(resolved.map(\.entry.id))
        for (entry, _) in resolved {
            for predecessor in entry.after {
                if enabled.contains(predecessor) {
                    edges[entry.id, default: []].insert(predecessor)
                } else if !listed.contains(predecessor) {
                    diagnostics.append(Diagnostic(
                        .unknownPlugin, plugin: entry.id,
                        "'after' names '\(predecessor)', which the manifest does not list; listed: \(manifest.plugins.map(\.id).joined(separator: ", "))"
                    ))
                }
            }
        }

        let graph = DependencyGraph(nodes: resolved.map(\.entry.id), edges: edges)
        for cycle in graph.cycles() {
            diagnostics.append(Diagnostic(
                .dependencyCycle, "plugins require each other in a cycle: \(cycle.joined(separator: " -> ")); disable one or remove a requirement"
            ))
        }
        guard diagnostics.isEmpty, let order = graph.topologicalOrder() else {
            throw ManifestRejected(diagnostics: diagnostics)
        }
        let byID = Dictionary(uniqueKeysWithValues: resolved.map { ($0.entry.id, $0) })
        let planned = order.compactMap { id in
            byID[id].map { entry, factory in
                PlannedPlugin(
                    descriptor: factory.descriptor,
                    failurePolicy: entry.failurePolicy ?? factory.descriptor.failurePolicy,
                    factory: factory,
                    configuration: entry.configuration
                )
            }
        }
        return LoadPlan(startOrder: planned, disabled: manifest.plugins.filter { !$0.enabled }, predecessors: edges)
    }

    private func resolveFactory(
        _ entry: ManifestEntry, in manifest: PluginManifest, into diagnostics: inout [Diagnostic]
    ) -> (any PluginFactory)? {
        if let library = entry.library {
            let url = URL(fileURLWithPath: library, relativeTo: manifest.baseDirectory).standardizedFileURL
            do {
                let factory = try loadLibrary(url)
                guard factory.descriptor.id == entry.id else {
                    diagnostics.append(Diagnostic(
                        .unknownPlugin, plugin: entry.id,
                        "the library \(url.path) holds plugin '\(factory.descriptor.id)', not '\(entry.id)'; use id '\(factory.descriptor.id)'"
                    ))
                    return nil
                }
                return factory
            } catch {
                diagnostics.append(Diagnostic(error is LibraryNotLoaded ? .libraryNotLoaded : .libraryLoadFailed, plugin: entry.id, "\(error)"))
                return nil
            }
        }
        guard let factory = catalog.factory(for: entry.id) else {
            let known = catalog.ids.isEmpty ? "none" : catalog.ids.joined(separator: ", ")
            diagnostics.append(Diagnostic(
                .unknownPlugin, plugin: entry.id,
                "no built-in plugin has this id; known plugins: \(known) (an out-of-tree plugin needs 'library')"
            ))
            return nil
        }
        return factory
    }

    private func check(_ entry: ManifestEntry, _ factory: any PluginFactory, into diagnostics: inout [Diagnostic]) {
        let actual = factory.descriptor.version
        if let requested = entry.version, !actual.satisfies(requested) {
            diagnostics.append(Diagnostic(
                .versionMismatch, plugin: entry.id,
                "the manifest asks for version \(requested) or a later \(requested.major).x, but the plugin is \(actual)"
            ))
        }
        for problem in factory.configurationProblems(entry.configuration) {
            diagnostics.append(Diagnostic(.badConfiguration, plugin: entry.id, "configuration \(problem)"))
        }
    }

    /// The default entries to disable, until none is left: those with a requirement whose every
    /// known provider the manifest disables.
    private func defaultsWithoutProviders(_ manifest: PluginManifest) -> Set<String> {
        var disabled = Set(manifest.plugins.filter { !$0.enabled }.map(\.id))
        var found: Set<String> = []
        var changed = true
        while changed {
            changed = false
            for entry in manifest.plugins where entry.enabled && manifest.defaultIDs.contains(entry.id) && !found.contains(entry.id) {
                let requirements = catalog.factory(for: entry.id)?.descriptor.requires ?? []
                let unmet = requirements.contains { required in
                    let providers = catalog.providers(of: required.name)
                    return !providers.isEmpty && providers.allSatisfy(disabled.contains)
                }
                guard unmet else { continue }
                found.insert(entry.id)
                disabled.insert(entry.id)
                changed = true
            }
        }
        return found
    }

    private func providerMap(
        _ factories: [any PluginFactory], into diagnostics: inout [Diagnostic]
    ) -> [String: (plugin: String, id: CapabilityID)] {
        var providers: [String: (plugin: String, id: CapabilityID)] = [:]
        for factory in factories {
            for capability in factory.descriptor.provides {
                if let existing = providers[capability.name] {
                    diagnostics.append(Diagnostic(
                        .conflictingProviders, plugin: factory.descriptor.id,
                        "provides \(capability.name), which '\(existing.plugin)' already provides; enable only one of them"
                    ))
                } else {
                    providers[capability.name] = (factory.descriptor.id, capability)
                }
            }
        }
        return providers
    }

    /// Makes every contributor to a point start before the point's consumers, and rejects two
    /// plugins declaring the same entry of a point (two commands named alike).
    private func addConsumerEdges(
        _ descriptors: [PluginDescriptor], to edges: inout [String: Set<String>], into diagnostics: inout [Diagnostic]
    ) {
        var contributors: [String: Set<String>] = [:]
        var owners: [String: String] = [:]
        for descriptor in descriptors {
            for declaration in descriptor.contributes {
                contributors[declaration.point, default: []].insert(descriptor.id)
                let key = "\(declaration.point)/\(declaration.name)"
                if let owner = owners[key], owner != descriptor.id {
                    diagnostics.append(Diagnostic(
                        .conflictingContributions, plugin: descriptor.id,
                        "contributes '\(declaration.name)' to \(declaration.point), which '\(owner)' already contributes; enable only one of them"
                    ))
                } else {
                    owners[key] = descriptor.id
                }
            }
        }
        for descriptor in descriptors {
            for point in descriptor.consumes {
                edges[descriptor.id, default: []].formUnion((contributors[point] ?? []).subtracting([descriptor.id]))
            }
        }
    }

    private func missing(
        _ required: CapabilityID, by plugin: String,
        providers: [String: (plugin: String, id: CapabilityID)], manifest: PluginManifest
    ) -> Diagnostic {
        if let provider = providers[required.name] {
            return Diagnostic(
                .versionMismatch, plugin: plugin,
                "requires \(required), but '\(provider.plugin)' provides \(provider.id); use a matching version of either"
            )
        }
        let candidates = catalog.providers(of: required.name)
        let hint: String
        if candidates.isEmpty {
            hint = "no known plugin provides it"
        } else {
            let disabled = Set(manifest.plugins.filter { !$0.enabled }.map(\.id))
            let named = candidates.map { disabled.contains($0) ? "'\($0)' (disabled in the manifest)" : "'\($0)'" }
            hint = "provided by \(named.joined(separator: ", ")); enable it"
        }
        return Diagnostic(.missingCapability, plugin: plugin, "requires \(required), which no enabled plugin provides; \(hint)")
    }
}
