/// The validated plugins of a manifest in start order, plus the disabled ones for reporting.
public struct LoadPlan: Sendable {
    /// Enabled plugins, each after every plugin it requires.
    public let startOrder: [PlannedPlugin]
    /// Entries the manifest lists but disables, in manifest order.
    public let disabled: [ManifestEntry]
    /// For each enabled plugin, the plugins that must start before it: the providers of what it
    /// requires, the contributors to the points it consumes, and those named in `after`.
    public let predecessors: [String: Set<String>]

    /// Creates a plan.
    public init(startOrder: [PlannedPlugin], disabled: [ManifestEntry], predecessors: [String: Set<String>]) {
        self.startOrder = startOrder
        self.disabled = disabled
        self.predecessors = predecessors
    }

    /// `ids` and every plugin they need started first, transitively.
    public func closure(of ids: Set<String>) -> Set<String> {
        var closed: Set<String> = []
        var pending = Array(ids)
        while let id = pending.popLast() {
            guard closed.insert(id).inserted else { continue }
            pending += predecessors[id] ?? []
        }
        return closed
    }

    /// The enabled plugin whose descriptor declares `name` under `point`, with the declaration.
    public func declaration(point: String, name: String) -> (plugin: PlannedPlugin, declaration: ContributionDeclaration)? {
        for planned in startOrder {
            if let declaration = planned.descriptor.contributes.first(where: { $0.point == point && $0.name == name }) {
                return (planned, declaration)
            }
        }
        return nil
    }

    /// Every declaration of the enabled plugins under `point`, in start order.
    public func declarations(point: String) -> [ContributionDeclaration] {
        startOrder.flatMap { $0.descriptor.contributes.filter { $0.point == point } }
    }
}
