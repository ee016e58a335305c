import CCurl
import Foundation

/// POSTs to push providers over HTTP/2 (TLS, verification on) with libcurl. Handles are kept
/// and reused, so connections to a provider stay open between notifications.
public final class HTTP2Client: @unchecked Sendable {
    /// The largest answer read.
    static let maximumResponseSize = 1 << 20

    private let caFile: String?
    private let timeout: Double
    // Guarded by `lock`.
    private var idle: [OpaquePointer] = []
    private let lock = NSLock()

    /// `caFile` adds a CA to trust (for a local test server); the system's stay trusted.
    public init(caFile: String? = nil, timeout: Double = 10) {
        curl_global_init(Int(CURL_GLOBAL_DEFAULT))
        self.caFile = caFile
        self.timeout = timeout
    }

    deinit {
        for handle in idle { curl_easy_cleanup(UnsafeMutableRawPointer(handle)) }
    }

    /// POSTs `body` to `url` over HTTP/2 with `headers`, within the client's deadline; throws when no answer came.
    public func post(_ url: String, headers: [String: String], body: [UInt8]) throws -> HTTP2Response {
        let handle = try lock.withLock { idle.popLast() } ?? {
            guard let created = curl_easy_init() else { throw RelayRequestError(500, "cannot create an HTTP/2 handle") }
            return OpaquePointer(created)
        }()
        defer { lock.withLock { idle.append(handle) } }
        var list: UnsafeMutablePointer<curl_slist>?
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { list = curl_slist_append(list, "\(name): \(value)") }
        defer { curl_slist_free_all(list) }
        let sink = ResponseSink(limit: Self.maximumResponseSize)
        let context = Unmanaged.passUnretained(sink).toOpaque()
        let raw = UnsafeMutableRawPointer(handle)
        // A trailing zero gives even an empty body an address; curl sends `body.count` bytes.
        let code = (body.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { bytes in
            hc_curl_post(raw, url, list, bytes.baseAddress, body.count, caFile, Int(timeout * 1000), ResponseSink.bodySink, ResponseSink.headerSink, context)
        }
        guard code == CURLE_OK else {
            throw RelayRequestError(502, "cannot reach \(url): \(String(cString: curl_easy_strerror(code)))")
        }
        return HTTP2Response(status: hc_curl_status(raw), headers: sink.headers, body: sink.body, usedHTTP2: hc_curl_http_version(raw) == 3)
    }
}
