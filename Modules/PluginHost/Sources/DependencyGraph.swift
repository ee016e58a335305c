/// Which plugin needs which, for cycle detection and start order.
struct DependencyGraph {
    /// Plugin ids in manifest order, which breaks ties so the order is deterministic.
    let nodes: [String]
    /// For each plugin, the plugins it requires.
    let edges: [String: Set<String>]

    /// Every dependency cycle, each as a path that returns to its start (`a -> b -> a`),
    /// rotated to begin at its earliest plugin in manifest order and reported once.
    func cycles() -> [[String]] {
        let position = Dictionary(uniqueKeysWithValues: nodes.enumerated().map { ($1, $0) })
        var state: [String: Bool] = [:]  // false: on the current path, true: finished
        var path: [String] = []
        var found: [[String]] = []
        var seen: Set<[String]> = []

        func visit(_ node: String) {
            state[node] = false
            path.append(node)
            for next in (edges[node] ?? []).sorted(by: { position[$0, default: 0] < position[$1, default: 0] }) {
                switch state[next] {
                case nil:
                    visit(next)
                case false?:
                    guard let start = path.firstIndex(of: next) else { continue }
                    var cycle = Array(path[start...])
                    let first = cycle.indices.min { position[cycle[$0], default: 0] < position[cycle[$1], default: 0] } ?? 0
                    cycle = Array(cycle[first...] + cycle[..<first])
                    if seen.insert(cycle).inserted { found.append(cycle + [cycle[0]]) }
                case true?:
                    continue
                }
            }
            path.removeLast()
            state[node] = true
        }
        for node in nodes where state[node] == nil { visit(node) }
        return found
    }

    /// The plugins with each one after those it requires; nil when there is a cycle.
    func topologicalOrder() -> [String]? {
        var remaining = Dictionary(uniqueKeysWithValues: nodes.map { ($0, edges[$0] ?? []) })
        var order: [String] = []
        while !remaining.isEmpty {
            guard let next = nodes.first(where: { remaining[$0]?.isEmpty == true }) else { return nil }
            order.append(next)
            remaining[next] = nil
            for key in remaining.keys { remaining[key]?.remove(next) }
        }
        return order
    }
}
