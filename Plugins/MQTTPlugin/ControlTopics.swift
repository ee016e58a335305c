import Agent

/// The topics of one machine's controls: `PREFIX/NODE/availability`, `PREFIX/NODE/ID/set` and
/// `/state`, and the discovery config at `DISCOVERY/COMPONENT/NODE/ID/config`. NODE is the
/// device id made topic-safe.
struct ControlTopics {
    let node: String
    let base: String
    let discoveryPrefix: String

    init(deviceID: String, topicPrefix: String, discoveryPrefix: String) {
        node = String(deviceID.lowercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" }.prefix(64))
        base = "\(topicPrefix)/\(node)"
        self.discoveryPrefix = discoveryPrefix
    }

    var availability: String { "\(base)/availability" }
    func command(_ id: String) -> String { "\(base)/\(id)/set" }
    func state(_ id: String) -> String { "\(base)/\(id)/state" }
    func discovery(_ definition: ControlDefinition) -> String { "\(discoveryPrefix)/\(definition.kind.component)/\(node)/\(definition.id)/config" }
    /// Where the agent sends itself a mark after a connect: what arrives before it comes back is
    /// what the broker kept for the session (no control id starts with a dot).
    var backlogEnd: String { command(".backlog-end") }
    /// The filter matching every command topic.
    var commands: String { "\(base)/+/set" }

    /// The control id a command topic names, nil for another topic.
    func controlID(commandTopic topic: String) -> String? {
        guard topic.hasPrefix(base + "/"), topic.hasSuffix("/set") else { return nil }
        let id = topic.dropFirst(base.count + 1).dropLast(4)
        return id.isEmpty || id.contains("/") ? nil : String(id)
    }
}
