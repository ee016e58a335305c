import CMicroHTTPD
import Foundation

/// The part of ``HTTPServer`` that libmicrohttpd calls back into, through C function pointers.
final class HTTPServerCore: @unchecked Sendable {
    let options: HTTPServerOptions
    let handler: @Sendable (RelayRequest) -> HTTPReply
    let rejected: @Sendable (Int) -> Void
    let deadlines: ConnectionDeadlines
    // Guarded by `lock`: the open event streams, closed on stop.
    private var streams: [ObjectIdentifier: EventStream] = [:]
    private let lock = NSLock()

    init(options: HTTPServerOptions, rejected: @escaping @Sendable (Int) -> Void, handler: @escaping @Sendable (RelayRequest) -> HTTPReply) {
        self.options = options
        self.rejected = rejected
        self.handler = handler
        deadlines = ConnectionDeadlines(seconds: options.requestDeadline) { rejected(408) }
    }

    func closeStreams() {
        let open = lock.withLock { Array(streams.values) }
        for stream in open { stream.close() }
    }

    /// Called for the head, for each piece of the body, and once more at its end.
    static let accessHandler: MHD_AccessHandlerCallback = { context, connection, url, method, _, uploadData, uploadSize, state in
        guard let context, let state, let uploadSize else { return .NO }
        let core = Unmanaged<HTTPServerCore>.fromOpaque(context).takeUnretainedValue()
        guard let existing = state.pointee else {
            let pending = PendingRequest()
            state.pointee = Unmanaged.passRetained(pending).toOpaque()
            if let length = header(connection, "Content-Length").flatMap(Int.init), length > core.options.maximumBodySize {
                pending.answered = true
                core.rejected(413)
                return core.queue(.error(413, "the body is larger than \(core.options.maximumBodySize) bytes"), on: connection, pending)
            }
            return .YES
        }
        let pending = Unmanaged<PendingRequest>.fromOpaque(existing).takeUnretainedValue()
        if uploadSize.pointee > 0 {
            if !pending.tooLarge, let uploadData {
                if pending.body.count + uploadSize.pointee > core.options.maximumBodySize {
                    pending.tooLarge = true
                    pending.body = []
                } else {
                    uploadData.withMemoryRebound(to: UInt8.self, capacity: uploadSize.pointee) {
                        pending.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: uploadSize.pointee))
                    }
                }
            }
            uploadSize.pointee = 0
            return .YES
        }
        guard !pending.answered else {
            // Called again after a deferred reply resumed the connection.
            guard let reply = pending.deferred?.completedReply else { return .YES }
            pending.deferred = nil
            return core.queue(reply, on: connection, pending)
        }
        pending.answered = true
        if pending.tooLarge {
            core.rejected(413)
            return core.queue(.error(413, "the body is larger than \(core.options.maximumBodySize) bytes"), on: connection, pending)
        }
        let request = RelayRequest(
            method: method.map { String(cString: $0) } ?? "",
            path: url.map { String(cString: $0) } ?? "/",
            query: values(connection, .GET_ARGUMENT_KIND),
            headers: readHeaders(connection),
            body: pending.body,
            clientAddress: record(connection)?.address ?? ""
        )
        let reply = core.handler(request)
        guard case .deferred(let deferred) = reply else { return core.queue(reply, on: connection, pending) }
        pending.deferred = deferred
        guard let ready = deferred.replyOrSuspend(connection) else { return .YES }
        pending.deferred = nil
        return core.queue(ready, on: connection, pending)
    }

    /// Called when a request ends, however it ends: releases its state and closes its stream.
    static let completedHandler: MHD_RequestCompletedCallback = { context, connection, state, _ in
        guard let context, let state, let existing = state.pointee else { return }
        let core = Unmanaged<HTTPServerCore>.fromOpaque(context).takeUnretainedValue()
        if let record = record(connection) { core.deadlines.requestEnded(record) }
        let pending = Unmanaged<PendingRequest>.fromOpaque(existing).takeRetainedValue()
        state.pointee = nil
        if let stream = pending.stream {
            core.lock.withLock { _ = core.streams.removeValue(forKey: ObjectIdentifier(stream)) }
            stream.close()
        }
    }

    /// Called when a connection opens and when it closes (before its socket is closed): keeps a
    /// ``ConnectionRecord`` as the connection's socket context meanwhile.
    static let connectionHandler: MHD_NotifyConnectionCallback = { context, connection, socketContext, event in
        guard let context, let connection, let socketContext else { return }
        let core = Unmanaged<HTTPServerCore>.fromOpaque(context).takeUnretainedValue()
        // 0 is MHD_CONNECTION_NOTIFY_STARTED, 1 MHD_CONNECTION_NOTIFY_CLOSED.
        if event.rawValue == 0 {
            let record = core.deadlines.opened(socket: hc_mhd_connection_fd(connection), address: clientAddress(connection))
            socketContext.pointee = Unmanaged.passRetained(record).toOpaque()
        } else if let stored = socketContext.pointee {
            socketContext.pointee = nil
            core.deadlines.closed(Unmanaged<ConnectionRecord>.fromOpaque(stored).takeRetainedValue())
        }
    }

    /// The record of an open connection.
    private static func record(_ connection: OpaquePointer?) -> ConnectionRecord? {
        hc_mhd_socket_context(connection).map { Unmanaged<ConnectionRecord>.fromOpaque($0).takeUnretainedValue() }
    }

    private func queue(_ reply: HTTPReply, on connection: OpaquePointer?, _ pending: PendingRequest) -> MHD_Result {
        if let record = Self.record(connection) { deadlines.answered(record) }
        let response: OpaquePointer?
        let status: Int
        switch reply {
        case .full(let code, let contentType, let body):
            status = code
            response = body.withUnsafeBytes { bytes in
                MHD_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
            }
            MHD_add_response_header(response, "Content-Type", contentType)
        case .stream(let stream):
            status = 200
            stream.attach(to: connection)
            pending.stream = stream
            lock.withLock { streams[ObjectIdentifier(stream)] = stream }
            let retained = Unmanaged.passRetained(stream).toOpaque()
            response = MHD_create_response_from_callback(UInt64.max, 4096, Self.streamReader, retained, Self.streamReleaser)
            MHD_add_response_header(response, "Content-Type", "text/event-stream")
            MHD_add_response_header(response, "Cache-Control", "no-store")
        case .deferred:
            // The handler gives a deferred reply only as its first answer, never inside one.
            return queue(.error(500, "internal error: a deferred reply was deferred again"), on: connection, pending)
        }
        guard let response else { return .NO }
        defer { MHD_destroy_response(response) }
        return MHD_queue_response(connection, UInt32(status), response)
    }

    private static let streamReader: MHD_ContentReaderCallback = { context, _, buffer, maximum in
        guard let context, let buffer else { return -2 }
        let stream = Unmanaged<EventStream>.fromOpaque(context).takeUnretainedValue()
        guard let count = stream.read(into: buffer, maximum: maximum) else { return -1 }
        return count
    }

    private static let streamReleaser: MHD_ContentReaderFreeCallback = { context in
        guard let context else { return }
        Unmanaged<EventStream>.fromOpaque(context).release()
    }

    private static func clientAddress(_ connection: OpaquePointer?) -> String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        hc_mhd_client_address(connection, &buffer, socklen_t(buffer.count))
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The headers a handler reads (``RelayRequest/headers``), looked up by name: the others are
    /// never copied out of libmicrohttpd.
    static let readHeaderNames = ["authorization", "last-event-id"]

    private static func readHeaders(_ connection: OpaquePointer?) -> [String: String] {
        var headers: [String: String] = [:]
        for name in readHeaderNames {
            if let value = header(connection, name) { headers[name] = value }
        }
        return headers
    }

    private static func header(_ connection: OpaquePointer?, _ name: String) -> String? {
        MHD_lookup_connection_value(connection, .HEADER_KIND, name).map { String(cString: $0) }
    }

    /// Every value of `kind` (query arguments); the first of repeated ones.
    private static func values(_ connection: OpaquePointer?, _ kind: MHD_ValueKind) -> [String: String] {
        let collected = ValueCollector()
        let context = Unmanaged.passUnretained(collected).toOpaque()
        _ = MHD_get_connection_values(connection, kind, { context, _, key, value in
            guard let context, let key else { return .YES }
            let collector = Unmanaged<ValueCollector>.fromOpaque(context).takeUnretainedValue()
            let name = String(cString: key)
            if collector.values[name] == nil { collector.values[name] = value.map { String(cString: $0) } ?? "" }
            return .YES
        }, context)
        return collected.values
    }
}
