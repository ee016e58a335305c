import Essentials
import FoundationEssentials
import HAModels
import Transport

extension HomeAssistantConnection {
    /// Handles a text message once the connection is ready (one message, or an array of them when
    /// the server coalesced them), item by item in order, in one pass over its bytes: an event goes
    /// to its subscription as the reader at its bytes when the subscriber reads them itself (no
    /// ``JSONValue`` tree, not read twice), else parsed; every other item is parsed and handled as
    /// the run loop handles it.
    func handleReady(_ text: String) throws {
        var text = text
        try text.withUTF8 { bytes in try handleReady(bytes) }
    }

    private func handleReady(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        var reader = JSONReader(bytes)
        // What an item throws besides malformed JSON (an unexpected message) waits here while
        // the reader, which throws only JSONParseError, unwinds.
        var failure: (any Error)?
        do {
            switch reader.peek() {
            case UInt8(ascii: "["):
                try reader.array { reader throws(JSONParseError) in try handleItem(&reader, failure: &failure) }
            default:
                try handleItem(&reader, failure: &failure)
            }
            try reader.end()
        } catch {
            throw failure ?? error
        }
    }

    private func handleItem(_ reader: inout JSONReader, failure: inout (any Error)?) throws(JSONParseError) {
        guard try Self.isEvent(reader) else {
            do {
                try handleMessage(ServerMessage(json: try reader.value()))
                return
            } catch let error as JSONParseError {
                throw error
            } catch {
                failure = error
                throw reader.failure("\(error)")
            }
        }
        var id: Int?
        var parsed: JSONValue?
        var delivered = false
        try reader.object { reader, key throws(JSONParseError) in
            switch key {
            case "id": if case .integer(let number) = try reader.value() { id = Int(exactly: number) }
            case "event":
                guard let id else { return parsed = try reader.value() }
                try deliverEvent(&reader, to: id)
                delivered = true
            default: try reader.skip()
            }
        }
        guard let id else { throw reader.failure("an event message needs an integer id") }
        // An event that came before its id (not Home Assistant's order) is routed now.
        if let parsed { return route(EventMessage(id: id, event: parsed)) }
        guard delivered else { throw reader.failure("an event message without its event") }
    }

    /// Whether the message `reader` is at says it is an event: its members are read, on a copy,
    /// only up to its `type` (Home Assistant sends `id` and `type` first).
    static func isEvent(_ reader: JSONReader) throws(JSONParseError) -> Bool {
        var probe = reader
        guard probe.peek() == UInt8(ascii: "{") else { return false }
        var type: String?
        do {
            try probe.object { probe, key throws(JSONParseError) in
                guard key == "type" else { return try probe.skip() }
                type = probe.peek() == UInt8(ascii: "\"") ? try probe.string() : nil
                throw probe.failure("type found")
            }
        } catch {
            // Malformed input is the whole parse's to report, where it is.
            guard type != nil else { return false }
        }
        return type == "event"
    }

    /// Hands the event `reader` is at to subscription `id`: as the reader, when the subscriber
    /// reads events itself (one that fails to is stepped over from where the event began), else
    /// parsed and routed; an event of no current subscription is stepped over.
    private func deliverEvent(_ reader: inout JSONReader, to id: Int) throws(JSONParseError) {
        guard let key = subscriptionKeys[id], let subscription = subscriptions[key] else { return try reader.skip() }
        guard let eventReader = subscription.eventReader else {
            return routedEvents[key, default: []].append(try reader.value())
        }
        try EventReaderRoutes.read(&reader, with: eventReader)
    }

    /// One message of the ready phase, parsed whole.
    func handleMessage(_ message: ServerMessage) throws {
        switch message {
        case .result(let result): complete(result)
        case .event(let event): route(event)
        case .pong(let id): pending.removeValue(forKey: id)?.resume(returning: .null)
        default: throw HomeAssistantError.invalidResponse("unexpected message \(message) while ready")
        }
    }
}
