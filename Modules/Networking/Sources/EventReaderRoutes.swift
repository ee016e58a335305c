import Essentials
import FoundationEssentials
import Transport

/// The subscriptions of one connection whose events the WebSocket reader thread applies itself,
/// by command id: a message that is such an event (or starts with such events) is read and applied
/// where it was read, with no hand-over to the connection's task, so a server sending a frame at
/// a time costs no wake-up per frame. The client offers messages only while the connection's
/// task is idle, so nothing overtakes a result or an event it is still handling.
///
/// Closing waits for an event being applied and stops every later one, so no event of a
/// connection that was torn down reaches a subscriber after the teardown.
final class EventReaderRoutes: @unchecked Sendable {
    /// Reads an event where the reader is; false when it could not.
    typealias EventReader = @Sendable (inout JSONReader) -> Bool

    // Guarded by `lock`, which is held while an event is applied.
    private var readers: [Int: EventReader] = [:]
    private var open = true
    private let lock = Lock()

    func set(_ id: Int, _ reader: @escaping EventReader) {
        lock.withLock { if open { readers[id] = reader } }
    }

    func remove(_ id: Int) {
        lock.withLock { _ = readers.removeValue(forKey: id) }
    }

    func close() {
        lock.withLock {
            open = false
            readers = [:]
        }
    }

    /// On the reader thread: applies the events the message `bytes` holds from its start, as far
    /// as they go to these routes (see ``MessageInterception``).
    func intercept(_ bytes: UnsafeBufferPointer<UInt8>) -> MessageInterception {
        lock.lock()
        defer { lock.unlock() }
        guard open, !readers.isEmpty else { return .declined }
        var reader = JSONReader(bytes)
        var applied = false
        // Where the items this leaves to the connection begin, in a coalesced array.
        var rest: Int?
        let coalesced = reader.peek() == UInt8(ascii: "[")
        do {
            if coalesced {
                try reader.array { reader throws(JSONParseError) in
                    _ = reader.peek()
                    let start = reader.offset
                    guard try apply(&reader, applied: &applied) else {
                        rest = start
                        throw reader.failure("not an event of these routes")
                    }
                }
            } else {
                guard try apply(&reader, applied: &applied) else { return .declined }
            }
            try reader.end()
            return applied ? .consumed : .declined
        } catch {
            guard applied else { return .declined }
            // What is left (the next items, or malformed input for the connection to report).
            let left = String(decoding: UnsafeBufferPointer(rebasing: bytes[(rest ?? reader.offset)...]), as: UTF8.self)
            return .rest(coalesced ? "[" + left : left)
        }
    }

    /// Hands the event `reader` is at to `eventReader`; one it could not read is stepped over from
    /// where it began, so the reader is after the event either way.
    static func read(_ reader: inout JSONReader, with eventReader: EventReader) throws(JSONParseError) {
        let start = reader
        guard !eventReader(&reader) else { return }
        reader = start
        try reader.skip()
    }

    private static let eventStart = Array(#"{"id":"#.utf8)
    private static let eventMiddle = Array(#","type":"event","event":"#.utf8)

    /// Applies an event message as Home Assistant writes one, `{"id":N,"type":"event","event":…}`,
    /// matched by its bytes instead of read key by key: true when applied, false when it is an
    /// event of no route here; nil, having read nothing, for a message not written that way.
    private func applyAsHomeAssistantWrites(_ reader: inout JSONReader, applied: inout Bool) throws(JSONParseError) -> Bool? {
        var probe = reader
        guard probe.skip(ifNext: Self.eventStart), probe.peek().map({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) == true,
              case .integer(let number) = try probe.value(), probe.skip(ifNext: Self.eventMiddle) else { return nil }
        guard let eventReader = Int(exactly: number).flatMap({ readers[$0] }) else { return false }
        try Self.read(&probe, with: eventReader)
        applied = true
        // Once the event is applied, whatever follows is read from after it, never again from the start.
        reader = probe
        try reader.restOfObject { reader, _ throws(JSONParseError) in try reader.skip() }
        return true
    }

    /// Applies the message `reader` is at when it is an event of these routes whose id comes
    /// before its event (Home Assistant's order); false, having applied nothing, otherwise.
    private func apply(_ reader: inout JSONReader, applied: inout Bool) throws(JSONParseError) -> Bool {
        if let taken = try applyAsHomeAssistantWrites(&reader, applied: &applied) { return taken }
        guard try HomeAssistantConnection.isEvent(reader) else { return false }
        var id: Int?
        var taken = false
        var probe = reader
        defer {
            // Once an event is applied, whatever follows is read from after it, never again from the start.
            if taken { reader = probe }
        }
        try probe.object { reader, key throws(JSONParseError) in
            switch key {
            case "id": if case .integer(let number) = try reader.value() { id = Int(exactly: number) }
            case "event":
                guard let id, let eventReader = readers[id] else { throw reader.failure("not an event of these routes") }
                try Self.read(&reader, with: eventReader)
                taken = true
                applied = true
            default: try reader.skip()
            }
        }
        return taken
    }
}
