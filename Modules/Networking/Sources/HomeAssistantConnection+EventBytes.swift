import Essentials
import Foundation

extension HomeAssistantConnection {
    /// Routes a text message that holds only events (one, or an array of them when the server
    /// coalesced them) without building a tree for its envelope: each event goes to its
    /// subscription as bytes when the subscriber reads them itself, else parsed. False when the
    /// message holds anything but events: the caller then parses it whole, and nothing was routed.
    func routeEventsOnly(in text: String) throws -> Bool {
        var text = text
        return try text.withUTF8 { bytes in try routeEventsOnly(in: bytes) }
    }

    private func routeEventsOnly(in bytes: UnsafeBufferPointer<UInt8>) throws -> Bool {
        var reader = JSONReader(bytes)
        var events: [(id: Int, range: Range<Int>)] = []
        var onlyEvents = true
        func envelope(_ reader: inout JSONReader) throws(JSONParseError) {
            var id: Int?, type: String?, range: Range<Int>?
            try reader.object { reader, key throws(JSONParseError) in
                switch key {
                case "id": if case .integer(let number) = try reader.value() { id = Int(exactly: number) }
                case "type":
                    type = try reader.string()
                    // Not an event (a result, a pong): stop here rather than step over a large
                    // result only to parse it whole afterwards.
                    if type != "event" {
                        onlyEvents = false
                        throw reader.failure("not an event")
                    }
                case "event":
                    _ = reader.peek()
                    let start = reader.offset
                    try reader.skip()
                    range = start..<reader.offset
                default: try reader.skip()
                }
            }
            guard type == "event", let id, let range else { return onlyEvents = false }
            events.append((id, range))
        }
        do {
            switch reader.peek() {
            case UInt8(ascii: "["): try reader.array { reader throws(JSONParseError) in try envelope(&reader) }
            case UInt8(ascii: "{"): try envelope(&reader)
            default: return false
            }
            try reader.end()
        } catch {
            guard onlyEvents else { return false }
            throw error
        }
        guard onlyEvents else { return false }
        for (id, range) in events {
            guard let key = subscriptionKeys[id], let subscription = subscriptions[key] else { continue }
            let event = UnsafeBufferPointer(rebasing: bytes[range])
            if let eventBytes = subscription.eventBytes {
                eventBytes(event)
            } else {
                routedEvents[key, default: []].append(try JSONParser.parse(event))
            }
        }
        return true
    }
}
