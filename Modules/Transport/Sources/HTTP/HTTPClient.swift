import Dispatch
import FoundationEssentials

/// A small HTTP/1.1 client over ``TCPStream`` and ``TLSStream``: one connection per request
/// (`Connection: close`), TLS verification always on, a deadline for the whole exchange and a
/// limit on the body read. It keeps the companion's calls off URLSession, whose libcurl, GnuTLS
/// and ICU would otherwise make up half of the agent's memory.
public struct HTTPClient: Sendable {
    /// Trust only the CAs in this PEM file instead of the system's.
    public var caFile: String?
    /// Seconds allowed for connecting.
    public var connectTimeout: Double
    /// Seconds allowed for the whole exchange, from connecting to the last byte of the answer.
    public var timeout: Double

    public init(caFile: String? = nil, connectTimeout: Double = 10, timeout: Double = 30) {
        self.caFile = caFile
        self.connectTimeout = connectTimeout
        self.timeout = timeout
    }

    /// Sends `request` and reads the whole answer, whose body may be at most `maximumBodySize` bytes.
    /// The blocking socket work runs on a Dispatch thread, never on the caller's executor.
    public func send(_ request: HTTPRequest, maximumBodySize: Int) async throws(HTTPClientError) -> HTTPResponse {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<HTTPResponse, HTTPClientError>, Never>) in
            DispatchQueue.global().async {
                continuation.resume(returning: Result { () throws(HTTPClientError) -> HTTPResponse in
                    try exchange(request, maximumBodySize: maximumBodySize)
                })
            }
        }
        return try result.get()
    }

    private func exchange(_ request: HTTPRequest, maximumBodySize: Int) throws(HTTPClientError) -> HTTPResponse {
        let (target, bytes) = try request.encoded()
        let deadline = DispatchTime.now() + timeout
        let tcp = try target.connect(timeout: connectTimeout)
        // Closing the socket wakes whatever waits on it: the TLS handshake, a write or a read.
        let watchdog = DispatchWorkItem { tcp.close() }
        DispatchQueue.global().asyncAfter(deadline: deadline, execute: watchdog)
        defer {
            watchdog.cancel()
            tcp.close()
        }
        let stream: any ByteStream
        do {
            stream = try target.secured(tcp, caFile: caFile)
        } catch {
            throw DispatchTime.now() >= deadline ? timedOut(target) : error
        }
        do {
            try stream.write(bytes)
            var parser = HTTPResponseParser(requestMethod: request.method, maximumBodySize: maximumBodySize)
            var chunk = [UInt8](repeating: 0, count: 16 * 1024)
            while true {
                let count = try chunk.withUnsafeMutableBytes { buffer throws(SocketError) in try stream.read(into: buffer) }
                guard count > 0 else {
                    if DispatchTime.now() >= deadline { throw timedOut(target) }
                    return try parser.finish()
                }
                if let response = try parser.append(chunk[0..<count]) { return response }
            }
        } catch let error as HTTPClientError {
            throw error
        } catch {
            if DispatchTime.now() >= deadline { throw timedOut(target) }
            throw HTTPClientError(.closed, (error as? SocketError)?.message ?? "\(error)")
        }
    }

    private func timedOut(_ target: HTTPTarget) -> HTTPClientError {
        HTTPClientError(.timedOut, "\(target.host):\(target.port) did not answer within \(timeout) seconds")
    }
}
