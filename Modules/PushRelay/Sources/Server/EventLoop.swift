import CLinuxEvents
import Foundation
import Synchronization

/// One thread of ``HTTPServer``: an epoll set holding the shared listening socket, the loop's
/// connections, and an eventfd through which other threads hand back connections (a completed
/// deferred answer, a stream with something to send) and other loops hand over new ones: the
/// loop that accepts deals them out in turn, so every loop serves its share even when one wakes
/// first every time (a handler that blocks, such as one waiting on Redis, holds up only its
/// loop's share). Level-triggered, one read per readiness; a sweep every second enforces
/// deadlines and idle timeouts. Only the loop's thread touches its connections.
final class EventLoop: @unchecked Sendable {
    static let input = EPOLLIN.rawValue, hangUp = EPOLLRDHUP.rawValue, writable = EPOLLOUT.rawValue
    static let readable = input | hangUp, failed = EPOLLERR.rawValue | EPOLLHUP.rawValue
    private static let listenerTag = UInt64.max, wakeTag = UInt64.max - 1

    /// Where a connection reads into and a stream is read out through: the loop's thread only.
    let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 16)
    private let core: HTTPServerCore
    private let listener: Int32
    private let epoll: Int32
    private let wakeDescriptor: Int32
    // The loop's thread only: connections by socket, the last generation given, the Date field.
    @exclusivity(unchecked) private var connections: [HTTPConnection?] = []
    @exclusivity(unchecked) private var generation: UInt32 = 0
    @exclusivity(unchecked) private var dateField = HTTPDate()
    @exclusivity(unchecked) private var listening = true
    /// Every loop of the server, this one included: set before the threads start, then only read.
    @exclusivity(unchecked) var peers: [EventLoop] = []
    // Guarded by `lock`: connections handed back by other threads, sockets handed over by other loops.
    @exclusivity(unchecked) private var resumedConnections: [HTTPConnection] = []
    @exclusivity(unchecked) private var adoptedSockets: [AcceptedSocket] = []
    private let lock = RequestLock()
    private let stopping = Atomic(false)
    private let finished = DispatchSemaphore(value: 0)

    init(core: HTTPServerCore, listener: Int32) throws(HTTPServerError) {
        self.core = core
        self.listener = listener
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        wakeDescriptor = eventfd(0, Int32(EFD_NONBLOCK) | Int32(EFD_CLOEXEC))
        guard epoll >= 0, wakeDescriptor >= 0,
              watchListener(),
              watch(wakeDescriptor, events: Self.input, tag: Self.wakeTag, operation: EPOLL_CTL_ADD) else {
            let reason = String(cString: strerror(errno))
            if epoll >= 0 { Glibc.close(epoll) }
            if wakeDescriptor >= 0 { Glibc.close(wakeDescriptor) }
            scratch.deallocate()
            throw HTTPServerError(message: "cannot start an event loop: \(reason)")
        }
    }

    deinit {
        Glibc.close(epoll)
        Glibc.close(wakeDescriptor)
        scratch.deallocate()
    }

    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "http-loop"
        thread.start()
    }

    /// Closes every connection and ends the thread; returns once it has ended.
    func stop() {
        stopping.store(true, ordering: .releasing)
        wake()
        finished.wait()
    }

    /// From any thread: `connection` has something to do; the loop runs it soon. One wake-up
    /// serves every connection handed back before the loop gets to them.
    func resume(_ connection: HTTPConnection) {
        guard !stopping.load(ordering: .acquiring) else { return }
        handOver { $0.resumedConnections.append(connection) }
    }

    /// From another loop: a socket it accepted for this one to serve.
    func adopt(_ accepted: AcceptedSocket) {
        guard !stopping.load(ordering: .acquiring) else { return refuse(accepted) }
        handOver { $0.adoptedSockets.append(accepted) }
    }

    /// Adds to what waits for the loop, under the lock; wakes it if nothing waited before.
    private func handOver(_ add: (EventLoop) -> Void) {
        let first = lock.withLock { () -> Bool in
            add(self)
            return resumedConnections.count + adoptedSockets.count == 1
        }
        if first { wake() }
    }

    /// Closes an accepted socket the loop will not serve, and stops counting it.
    private func refuse(_ accepted: AcceptedSocket) {
        Glibc.close(accepted.socket)
        core.admission.release(accepted.admissionKey)
    }

    func watch(_ descriptor: Int32, events: UInt32, tag: UInt64, operation: Int32) -> Bool {
        var event = epoll_event(events: events, data: epoll_data_t(u64: tag))
        return epoll_ctl(epoll, operation, descriptor, &event) == 0
    }

    /// Adds the shared listening socket to the loop's set; several loops wait on it, and a new
    /// connection wakes one of them (`EPOLLEXCLUSIVE`), not all.
    private func watchListener() -> Bool {
        watch(listener, events: Self.input | EPOLLEXCLUSIVE.rawValue, tag: Self.listenerTag, operation: EPOLL_CTL_ADD)
    }

    /// A closed connection leaves the loop (before its socket is closed and can be reused).
    func forget(_ connection: HTTPConnection) {
        let index = Int(connection.socket)
        if index < connections.count, connections[index] === connection { connections[index] = nil }
    }

    /// The `Date` field for answers given now.
    func date() -> [UInt8] { dateField.value() }

    /// Monotonic nanoseconds from the coarse clock: a few milliseconds' precision is plenty for
    /// deadlines counted in seconds, and it costs no more than a memory read.
    static func uptime() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC_COARSE, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }

    private func wake() {
        var one: UInt64 = 1
        _ = write(wakeDescriptor, &one, 8)
    }

    private func run() {
        var events = [epoll_event](repeating: epoll_event(), count: 128)
        var lastSweep = Self.uptime()
        while !stopping.load(ordering: .acquiring) {
            let count = events.withUnsafeMutableBufferPointer { epoll_wait(epoll, $0.baseAddress, Int32($0.count), 1_000) }
            for index in 0..<max(0, Int(count)) where !stopping.load(ordering: .relaxed) {
                dispatch(events[index])
            }
            let now = Self.uptime()
            if now &- lastSweep >= 1_000_000_000 {
                lastSweep = now
                sweep(now: now)
            }
        }
        for case let connection? in connections { connection.close() }
        connections = []
        // The loops hold each other only while they run.
        peers = []
        let orphans = lock.withLock { () -> [AcceptedSocket] in
            resumedConnections = []
            defer { adoptedSockets = [] }
            return adoptedSockets
        }
        for orphan in orphans { refuse(orphan) }
        finished.signal()
    }

    private func dispatch(_ event: epoll_event) {
        switch event.data.u64 {
        case Self.listenerTag:
            acceptConnections()
        case Self.wakeTag:
            var value: UInt64 = 0
            _ = read(wakeDescriptor, &value, 8)
            let (ready, adopted) = lock.withLock { () -> ([HTTPConnection], [AcceptedSocket]) in
                defer {
                    resumedConnections.removeAll(keepingCapacity: true)
                    adoptedSockets.removeAll(keepingCapacity: true)
                }
                return (resumedConnections, adoptedSockets)
            }
            for accepted in adopted { serve(accepted) }
            for connection in ready { connection.resumed() }
        case let tag:
            let index = Int(UInt32(truncatingIfNeeded: tag))
            guard index < connections.count, let connection = connections[index], connection.generation == UInt32(truncatingIfNeeded: tag >> 32) else {
                return
            }
            connection.handle(event.events)
        }
    }

    /// Accepts what waits (up to 64 at a time, so loops share a burst), refusing connections
    /// past the limits. Out of descriptors, the loop stops listening until the next sweep
    /// instead of spinning on a socket it cannot accept from.
    private func acceptConnections() {
        for _ in 0..<64 {
            var address = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let socket = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    accept4(listener, $0, &length, Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue))
                }
            }
            guard socket >= 0 else {
                if errno == EINTR || errno == ECONNABORTED { continue }
                if errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM {
                    listening = !watch(listener, events: 0, tag: Self.listenerTag, operation: EPOLL_CTL_DEL)
                }
                return
            }
            // A trusted proxy counts in the total only: the per-address cap is for its clients.
            let peer = IPAddress(address)
            let accepted = AcceptedSocket(socket: socket, peer: peer, admissionKey: core.trustedProxies.trusts(peer) ? nil : peer.limitKey)
            guard core.admission.admit(accepted.admissionKey) else {
                Glibc.close(socket)
                continue
            }
            var one: Int32 = 1
            setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            let turn = Int(core.nextLoop.add(1, ordering: .relaxed).oldValue % UInt(max(1, peers.count)))
            if peers.isEmpty || peers[turn] === self {
                serve(accepted)
            } else {
                peers[turn].adopt(accepted)
            }
        }
    }

    /// Starts serving an accepted socket on this loop.
    private func serve(_ accepted: AcceptedSocket) {
        generation &+= 1
        let connection = HTTPConnection(accepted: accepted, generation: generation, loop: self, core: core)
        let index = Int(accepted.socket)
        if index >= connections.count { connections += Array(repeating: nil, count: index + 64 - connections.count) }
        connections[index] = connection
        if !watch(accepted.socket, events: connection.interest, tag: connection.tag, operation: EPOLL_CTL_ADD) { connection.close() }
    }

    private func sweep(now: UInt64) {
        if !listening {
            listening = watchListener()
        }
        for case let connection? in connections { connection.sweep(now: now) }
    }
}
