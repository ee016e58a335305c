import CLinuxEvents
import Foundation

/// One client connection, handled only on its ``EventLoop``'s thread: reads requests one at a
/// time (pipelined ones wait in the parser), answers each in order, and while an answer is
/// deferred or an event stream is idle, does nothing until another thread wakes it through
/// the loop. Bounded: it holds at most ``HTTPServerOptions/connectionInputLimit`` bytes of what
/// its client sent (reading stops there), charged to the server's ``InputBudget`` (past which
/// the client is answered 503), and an event stream's backlog is the stream's own bound. Over
/// TLS when the server has a certificate; from a trusted proxy with the PROXY protocol on, it
/// first reads the header that names the client.
final class HTTPConnection: @unchecked Sendable {
    let socket: Int32
    let generation: UInt32
    /// Who the connection serves: the peer, or the client a trusted proxy's PROXY header named;
    /// with its text and the key per-address limits count it under, made once.
    @exclusivity(unchecked) private(set) var client: IPAddress
    @exclusivity(unchecked) private var clientText: String, clientKey: String
    /// What ``ConnectionAdmission`` counts the connection under.
    @exclusivity(unchecked) private var admissionKey: String?
    /// The PROXY header read so far, while one is awaited.
    @exclusivity(unchecked) var proxyHeader: [UInt8]?
    /// The connection's TLS, once it starts (after a PROXY header).
    @exclusivity(unchecked) var tls: TLSSession?
    unowned let loop: EventLoop
    let core: HTTPServerCore
    @exclusivity(unchecked) private var parser: HTTPRequestParser
    /// What this connection's parser holds, as charged to the server's input budget.
    @exclusivity(unchecked) private var charged = 0
    @exclusivity(unchecked) private var output: [UInt8] = []
    @exclusivity(unchecked) private var sent = 0
    @exclusivity(unchecked) private var state = State.reading
    @exclusivity(unchecked) private var closesAfterOutput = false
    /// Since when the connection has been closing: its last answer is out, writing is shut
    /// down, and what the client still sends is read and dropped, so that closing with unread
    /// bytes does not reset the connection before the client has read the answer (RFC 9112
    /// section 9.6). 0 while it is not closing.
    @exclusivity(unchecked) private var lingerStart: UInt64 = 0
    @exclusivity(unchecked) private var lingerDropped = 0
    @exclusivity(unchecked) private(set) var isClosed = false
    /// The epoll events the loop watches for.
    @exclusivity(unchecked) private(set) var interest = EventLoop.readable
    /// When a byte was last read or written, and when the current request's deadline started (0: none runs).
    @exclusivity(unchecked) private var lastProgress: UInt64
    @exclusivity(unchecked) private var deadlineStart: UInt64

    private enum State {
        case reading
        case waiting(DeferredReply, AnswerFraming)
        case streaming(EventStream, chunked: Bool, keepsAlive: Bool)
    }

    init(accepted: AcceptedSocket, generation: UInt32, loop: EventLoop, core: HTTPServerCore) {
        socket = accepted.socket
        client = accepted.peer
        clientText = accepted.peer.description
        clientKey = accepted.peer.limitKey
        admissionKey = accepted.admissionKey
        self.generation = generation
        self.loop = loop
        self.core = core
        parser = HTTPRequestParser(bodyLimit: core.options.maximumBodySize)
        lastProgress = EventLoop.uptime()
        deadlineStart = lastProgress
        if core.options.proxyProtocol && accepted.admissionKey == nil {
            proxyHeader = []
        } else {
            startTLS()
        }
    }

    /// Starts the connection's TLS when the server speaks it (closing the connection when
    /// OpenSSL cannot make a session).
    func startTLS() {
        guard let certificates = core.certificates else { return }
        tls = certificates.session(for: socket)
        if tls == nil { close() }
    }

    /// From here on the connection serves `named`, whom a PROXY header named: counted for it, or
    /// closed when it holds its share of connections already.
    func serve(_ named: IPAddress) {
        let key = named.limitKey
        guard core.admission.attribute(to: key) else { return close() }
        admissionKey = key
        client = named
        clientText = named.description
        clientKey = key
    }

    /// What the loop's epoll events carry for this connection: its socket and generation, so an
    /// event for a closed socket is never taken for a new connection that reuses it.
    var tag: UInt64 { UInt64(generation) << 32 | UInt64(UInt32(bitPattern: socket)) }

    /// Epoll reported `events`.
    func handle(_ events: UInt32) {
        if events & EventLoop.failed != 0 { return close() }
        if lingerStart != 0 { return dropInput() }
        if proxyHeader != nil { return readProxyHeader() }
        if events & EventLoop.writable != 0 {
            flush()
            if isClosed { return }
            // A TLS handshake message that waited for room.
            if tls?.waitsForWritable == true { receive() }
            if isClosed { return }
        }
        if events & EventLoop.readable != 0 {
            // A hang-up while reading is paused: nothing more will be read, so the answers are moot.
            guard interest & EventLoop.input != 0 else { return close() }
            receive()
            if isClosed { return }
        }
        advance()
        readBufferedTLS()
        settleCharge()
    }

    /// Another thread completed a deferred answer or gave the event stream something.
    func resumed() {
        guard !isClosed else { return }
        advance()
        readBufferedTLS()
        settleCharge()
    }

    /// Reads what TLS decrypted beyond what the last read took (the socket will not say so),
    /// while there is room for it.
    private func readBufferedTLS() {
        while let tls, tls.hasBufferedInput, !isClosed, lingerStart == 0, parser.held < core.inputLimit, core.inputBudget.room > 0 {
            let before = parser.held
            receive()
            advance()
            if parser.held == before { return }
        }
    }

    /// Charges the server's input budget with what the parser holds now.
    private func settleCharge() {
        let held = isClosed ? 0 : parser.held
        core.inputBudget.charge(held - charged)
        charged = held
    }

    /// Once a second: closes the connection past its request's deadline, idle too long, or
    /// whose client stopped reading.
    func sweep(now: UInt64) {
        if lingerStart != 0 {
            if now &- lingerStart > Self.lingerTime { close() }
            return
        }
        if deadlineStart != 0, now &- deadlineStart > core.requestDeadline {
            core.rejected(408)
            return close()
        }
        guard now &- lastProgress > core.idleTimeout else { return }
        switch state {
        case .reading: close()
        case .waiting: break
        case .streaming: if sent < output.count { close() }
        }
    }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        if case .streaming(let stream, _, _) = state { stream.close() }
        state = .reading
        loop.forget(self)
        tls = nil
        Glibc.close(socket)
        core.admission.release(admissionKey)
        settleCharge()
    }

    /// Reads what fits within this connection's limit and the server's budget. A client that
    /// sends while the server already holds its whole budget is answered 503 and closed (closed
    /// at once when an answer or a stream is under way: nothing may be written into it).
    private func receive() {
        guard core.inputBudget.room > 0 else {
            core.rejected(503)
            guard case .reading = state, sent == output.count else { return close() }
            parser = HTTPRequestParser(bodyLimit: 0)
            return respond(.error(503, "the server holds too many unfinished requests; try again shortly"), to: nil)
        }
        let room = min(core.inputLimit - parser.held, core.inputBudget.room)
        guard room > 0, let bytes = readScratch(maximum: room), !bytes.isEmpty else { return }
        lastProgress = EventLoop.uptime()
        parser.append(bytes)
        settleCharge()
    }

    /// One read (a `recv`, or a TLS record's worth) of at most `maximum` bytes into the loop's
    /// scratch buffer: what arrived (empty when nothing waits), or nil after the peer closed or
    /// the socket failed, when the connection is closed.
    private func readScratch(maximum: Int) -> UnsafeRawBufferPointer? {
        let scratch = loop.scratch
        guard let base = scratch.baseAddress else { return nil }
        if let tls {
            guard let count = tls.read(into: base, maximum: min(scratch.count, maximum)) else {
                close()
                return nil
            }
            return UnsafeRawBufferPointer(start: base, count: count)
        }
        let count = recv(socket, base, min(scratch.count, maximum), 0)
        if count > 0 { return UnsafeRawBufferPointer(rebasing: scratch[..<count]) }
        if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return UnsafeRawBufferPointer(start: nil, count: 0) }
        close()
        return nil
    }

    /// Does what can be done now: the next request, the deferred answer, the stream's next
    /// bytes; one thing at a time, and only once everything before it was sent.
    private func advance() {
        while !isClosed && lingerStart == 0 && sent == output.count {
            switch state {
            case .reading:
                guard let event = parser.next() else { return updateInterest() }
                switch event {
                case .continueNeeded:
                    output += HTTPResponseHead.continueInterim
                    flush()
                case .failure(let failure):
                    core.rejected(failure.status)
                    respond(.error(failure.status, failure.message), to: nil)
                case .request(let head, let body):
                    let target = HTTPRequestTarget(head.target)
                    var text = clientText, key = clientKey
                    if core.trustedProxies.trusts(client) {
                        let named = core.trustedProxies.client(of: client, forwardedFor: head.fields["x-forwarded-for"])
                        (text, key) = (named.description, named.limitKey)
                    }
                    let request = RelayRequest(
                        method: head.method, path: target.path, query: target.query, headers: head.fields, body: body, clientAddress: text,
                        addressKey: key, isJSON: head.declaresJSON
                    )
                    respond(core.handler(request), to: AnswerFraming(head))
                }
            case .waiting(let deferred, let framing):
                guard let reply = deferred.completedReply else { return updateInterest() }
                state = .reading
                if case .deferred = reply {
                    respond(.error(500, "internal error: a deferred reply was deferred again"), to: framing)
                } else {
                    respond(reply, to: framing)
                }
            case .streaming(let stream, let chunked, let keepsAlive):
                guard pump(stream, chunked: chunked, keepsAlive: keepsAlive) else { return updateInterest() }
            }
        }
        if !isClosed && lingerStart == 0 { updateInterest() }
    }

    /// Answers a request framed as `framing` (nil: one the server refused, after which the connection closes).
    private func respond(_ reply: HTTPReply, to framing: AnswerFraming?) {
        let keepsAlive = framing?.keepsAlive ?? false, minorVersion = framing?.minorVersion ?? 1
        switch reply {
        case .full(let status, let contentType, let body):
            // Answers carry credentials, counts and errors: no cache along the way keeps them.
            HTTPResponseHead.write(
                into: &output, status: status, contentType: contentType, contentLength: body.count, extraFields: Self.noStore, keepsAlive: keepsAlive,
                minorVersion: minorVersion, date: loop.date()
            )
            if framing?.sendsBody ?? true { output += body }
            closesAfterOutput = !keepsAlive
            // The next request's deadline starts now.
            deadlineStart = EventLoop.uptime()
            flush()
        case .stream(let stream):
            let chunked = minorVersion == 1
            HTTPResponseHead.write(
                into: &output, status: 200, contentType: "text/event-stream", contentLength: nil, extraFields: Self.noStore,
                keepsAlive: chunked && keepsAlive, minorVersion: minorVersion, date: loop.date()
            )
            state = .streaming(stream, chunked: chunked, keepsAlive: chunked && keepsAlive)
            deadlineStart = 0
            stream.attach { [weak self, loop] in
                if let self { loop.resume(self) }
            }
            flush()
        case .deferred(let deferred):
            guard let framing else { return respond(.error(500, "internal error: a refusal was deferred"), to: nil) }
            state = .waiting(deferred, framing)
            let ready = deferred.replyOrWait { [weak self, loop] in
                if let self { loop.resume(self) }
            }
            if let ready {
                state = .reading
                respond(ready, to: framing)
            }
        }
    }

    /// Sends the stream's next bytes, or its end; false when it has nothing now.
    private func pump(_ stream: EventStream, chunked: Bool, keepsAlive: Bool) -> Bool {
        let scratch = loop.scratch
        guard let base = scratch.baseAddress else { return false }
        guard let count = stream.read(into: base, maximum: min(scratch.count, 16 << 10)) else {
            if chunked { output += Self.lastChunk }
            if keepsAlive {
                state = .reading
                deadlineStart = EventLoop.uptime()
            } else {
                closesAfterOutput = true
            }
            flush()
            return true
        }
        guard count > 0 else { return false }
        if chunked { output += "\(String(count, radix: 16))\r\n".utf8 }
        output += UnsafeRawBufferPointer(start: base, count: count)
        if chunked { output += Self.chunkEnd }
        flush()
        return true
    }

    private func flush() {
        while sent < output.count {
            if let tls {
                guard let count = output.withUnsafeBytes({ tls.write(UnsafeRawBufferPointer(rebasing: $0[sent...])) }) else { return close() }
                guard count > 0 else { return }
                sent += count
                lastProgress = EventLoop.uptime()
                continue
            }
            let count = output.withUnsafeBytes { bytes in
                Glibc.send(socket, bytes.baseAddress.map { $0 + sent }, bytes.count - sent, Int32(MSG_NOSIGNAL))
            }
            if count > 0 {
                sent += count
                lastProgress = EventLoop.uptime()
            } else if count < 0 && errno == EINTR {
                continue
            } else if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                return
            } else {
                return close()
            }
        }
        output.removeAll(keepingCapacity: output.capacity <= 16 << 10)
        sent = 0
        if closesAfterOutput { linger() }
    }

    /// Seconds, and bytes, a closing connection reads and drops at most.
    private static let lingerTime: UInt64 = 2_000_000_000, lingerBytes = 1 << 20

    private func linger() {
        tls?.close()
        guard shutdown(socket, Int32(SHUT_WR)) == 0 else { return close() }
        lingerStart = EventLoop.uptime()
        deadlineStart = 0
        parser = HTTPRequestParser(bodyLimit: 0)
        settleCharge()
        watch(EventLoop.readable)
    }

    private func dropInput() {
        guard let bytes = readScratch(maximum: .max) else { return }
        lingerDropped += bytes.count
        if lingerDropped > Self.lingerBytes { close() }
    }

    /// Watches for input while the connection holds less than its limit, and for room to write
    /// while something waits to be sent.
    private func updateInterest() {
        var wanted = EventLoop.hangUp
        if parser.held < core.inputLimit { wanted |= EventLoop.input }
        if sent < output.count || tls?.waitsForWritable == true { wanted |= EventLoop.writable }
        watch(wanted)
    }

    /// Has the loop watch for `events` when it does not already.
    func watch(_ events: UInt32) {
        guard events != interest else { return }
        interest = events
        if !loop.watch(socket, events: events, tag: tag, operation: EPOLL_CTL_MOD) { close() }
    }

    private static let noStore = "Cache-Control: no-store\r\n"
    private static let lastChunk = Array("0\r\n\r\n".utf8)
    private static let chunkEnd = Array("\r\n".utf8)
}
