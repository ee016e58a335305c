/// Splits what a serial port reads into Improv packets and the device's log lines: it looks for
/// the `IMPROV` header, so a packet is found wherever it starts (ESPHome prints its log on the
/// same port), skips a header that does not start a valid packet, and holds at most
/// ``maximumBuffer`` bytes of an unfinished line.
public struct ImprovSerialStream: Sendable {
    public static let maximumBuffer = 4096
    private var buffer: [UInt8] = []

    public init() {}

    /// Takes the next bytes; returns what they complete, in order.
    public mutating func feed(_ bytes: [UInt8]) -> [ImprovSerialItem] {
        buffer += bytes
        var items: [ImprovSerialItem] = []
        while true {
            guard let start = Self.find(ImprovPacket.header, in: buffer) else {
                items += takeLines()
                break
            }
            if start > 0 {
                items += lines(Array(buffer[..<start]))
                buffer.removeFirst(start)
            }
            do {
                let (packet, length) = try ImprovPacket.decode(buffer)
                items.append(.packet(packet))
                buffer.removeFirst(length)
            } catch .truncated {
                break
            } catch {
                items.append(.garbage(error))
                buffer.removeFirst()
            }
        }
        if buffer.count > Self.maximumBuffer { buffer.removeFirst(buffer.count - Self.maximumBuffer) }
        return items
    }

    /// Complete lines from the front of the buffer; the unfinished one (which may begin a header) stays.
    private mutating func takeLines() -> [ImprovSerialItem] {
        guard let lastNewline = buffer.lastIndex(of: 10) else { return [] }
        let complete = Array(buffer[...lastNewline])
        buffer.removeFirst(lastNewline + 1)
        return lines(complete)
    }

    private func lines(_ bytes: [UInt8]) -> [ImprovSerialItem] {
        bytes.split(separator: 10, omittingEmptySubsequences: true).compactMap { line in
            let text = String(decoding: line, as: UTF8.self).trimming(charactersIn: "\r ")
            return text.isEmpty ? nil : .log(text)
        }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for index in 0...(haystack.count - needle.count) where haystack[index] == needle[0] && haystack[index..<index + needle.count].elementsEqual(needle) {
            return index
        }
        return nil
    }
}
