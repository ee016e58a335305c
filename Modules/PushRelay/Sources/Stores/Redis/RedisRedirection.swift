/// Where a cluster node sent a command instead: `MOVED` (the slot lives elsewhere now) or
/// `ASK` (this once, while the slot migrates).
enum RedisRedirection: Equatable {
    case moved(slot: Int, node: RedisNode)
    case ask(slot: Int, node: RedisNode)

    /// Reads `MOVED 3999 127.0.0.1:6381` or `ASK 3999 127.0.0.1:6381`; nil for any other error.
    init?(_ message: String) {
        let words = message.split(separator: " ")
        guard words.count == 3, let slot = Int(words[1]), (0..<RedisKeySlot.count).contains(slot), let node = RedisNode(words[2]) else { return nil }
        switch words[0] {
        case "MOVED": self = .moved(slot: slot, node: node)
        case "ASK": self = .ask(slot: slot, node: node)
        default: return nil
        }
    }
}
