import CCurl
import Foundation

/// Collects what libcurl hands over for one response, up to a limit.
final class ResponseSink {
    let limit: Int
    var body: [UInt8] = []
    var headers: [String: String] = [:]

    init(limit: Int) {
        self.limit = limit
    }

    static let bodySink: hc_curl_sink = { data, size, count, context in
        guard let data, let context else { return 0 }
        let sink = Unmanaged<ResponseSink>.fromOpaque(context).takeUnretainedValue()
        let length = size * count
        guard sink.body.count + length <= sink.limit else { return 0 }
        data.withMemoryRebound(to: UInt8.self, capacity: length) { sink.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: length)) }
        return length
    }

    static let headerSink: hc_curl_sink = { data, size, count, context in
        guard let data, let context else { return 0 }
        let sink = Unmanaged<ResponseSink>.fromOpaque(context).takeUnretainedValue()
        let length = size * count
        let line = data.withMemoryRebound(to: UInt8.self, capacity: length) { String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self) }
        if let colon = line.firstIndex(of: ":") {
            let name = line[..<colon].lowercased()
            sink.headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return length
    }
}
