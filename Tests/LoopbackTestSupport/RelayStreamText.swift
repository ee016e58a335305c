import Foundation

/// What a relay's event stream said, read from the raw HTTP/1.1 response a test's socket got.
public enum RelayStreamText {
    /// The `id:` and message (the payload's `body`) of each notification event, in order.
    public static func notifications(in text: String) -> [(id: String, message: String)] {
        dechunked(text).components(separatedBy: "\n\n").compactMap { block in
            let lines = block.components(separatedBy: "\n")
            guard lines.contains("event: notification"),
                  let id = lines.first(where: { $0.hasPrefix("id: ") })?.dropFirst(4),
                  let data = lines.first(where: { $0.hasPrefix("data: ") })?.dropFirst(6),
                  let body = (try? JSONSerialization.jsonObject(with: Data(data.utf8))) as? [String: Any],
                  let message = body["body"] as? String else { return nil }
            return (String(id), message)
        }
    }

    /// The body of a raw response with chunked framing, as far as it was read.
    public static func dechunked(_ text: String) -> String {
        var bytes = Array(text.utf8)[...]
        guard let head = bytes.firstRange(of: Array("\r\n\r\n".utf8)) else { return "" }
        bytes = bytes[head.upperBound...]
        var body: [UInt8] = []
        while let line = bytes.firstRange(of: Array("\r\n".utf8)),
              let size = Int(String(decoding: bytes[bytes.startIndex..<line.lowerBound], as: UTF8.self), radix: 16), size > 0 {
            let start = line.upperBound, end = min(bytes.endIndex, start + size)
            body += bytes[start..<end]
            guard end + 2 <= bytes.endIndex else { break }
            bytes = bytes[(end + 2)...]
        }
        return String(decoding: body, as: UTF8.self)
    }
}
