import Foundation
import LoopbackTestSupport
import PushRelay
import XCTest

/// The relay's resident memory under attack, measured on the `push-relay` process: every way a
/// client can make it hold bytes before a request is complete (empty lines, an endless head,
/// chunk-size lines with extensions, trailers, a body held back, pipelined requests never read)
/// stays within connections × ``HTTPServerOptions/connectionInputLimit`` + a fixed allowance,
/// and the whole server within its input budget. On the code before the budget, four such
/// connections sending empty lines grew the relay by 355 MiB.
final class RelayMemoryBoundTests: XCTestCase {
    /// What RSS may grow by besides the connections' input: jemalloc's arenas and caches, the
    /// sockets' bookkeeping, the threads' first touches of their stacks.
    private static let fixedAllowance = 12 << 20
    /// Bytes each attacking connection tries to send: 20 times its budget.
    private static let attempt = 2 << 20
    private static let connections = 16

    private var relay: RelayProcess?

    override func tearDown() {
        relay?.stop()
    }

    /// Starts the relay with `settings` (PUSH_RELAY_ names without the prefix); its port.
    private func start(_ settings: [String: String] = [:]) throws -> Int {
        let relay = try RelayProcess(settings)
        self.relay = relay
        return relay.port
    }

    /// The relay's resident memory in bytes: now (`VmRSS`) or its peak since the last
    /// ``resetPeak()`` (`VmHWM`).
    private func residentMemory(_ field: String = "VmRSS") throws -> Int {
        let pid = try XCTUnwrap(relay?.pid)
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let line = try XCTUnwrap(status.split(separator: "\n").first { $0.hasPrefix(field + ":") })
        return try XCTUnwrap(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1])) << 10
    }

    /// Makes the peak resident memory the current one (proc(5), `clear_refs`).
    private func resetPeak() throws {
        let pid = try XCTUnwrap(relay?.pid)
        try "5".write(toFile: "/proc/\(pid)/clear_refs", atomically: false, encoding: .utf8)
    }

    /// Waits until the relay has read what the kernel holds for it: its CPU time stops growing
    /// for 300 ms (at most 10 s).
    private func waitUntilIdle() throws {
        let pid = try XCTUnwrap(relay?.pid)
        func cpuTicks() throws -> Int {
            let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
            // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
            let fields = stat[stat.index(after: try XCTUnwrap(stat.lastIndex(of: ")")))...].split(separator: " ")
            return (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
        }
        var last = try cpuTicks(), quiet = 0
        let deadline = Date().addingTimeInterval(10)
        while quiet < 3 && Date() < deadline {
            usleep(100_000)
            let now = try cpuTicks()
            quiet = now == last ? quiet + 1 : 0
            last = now
        }
    }

    /// Warms the relay up (every loop serves a few requests) and returns its RSS.
    private func baseline(port: Int) throws -> Int {
        for _ in 0..<8 {
            let connection = try RawConnection(port: port)
            connection.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
            _ = connection.read(until: "\r\n\r\n", timeout: 5)
        }
        return try residentMemory()
    }

    private struct Attack {
        let name: String
        let prefix: String
        let filler: String
    }

    private static let chunked = "POST /push/send HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
    private static let attacks = [
        Attack(name: "empty lines before the request line", prefix: "", filler: "\r\n"),
        Attack(name: "a head that never ends", prefix: "GET / HTTP/1.1\r\nX-Long: ", filler: "a"),
        Attack(name: "chunk-size lines with long extensions", prefix: chunked, filler: "1;" + String(repeating: "e", count: 1_000) + "\r\na\r\n"),
        Attack(name: "one-byte chunks", prefix: chunked, filler: "1\r\na\r\n"),
        Attack(name: "endless trailers", prefix: chunked + "0\r\n", filler: "X-Trailer: 1\r\n"),
        Attack(name: "a body held back", prefix: "POST /push/send HTTP/1.1\r\nHost: x\r\nContent-Length: 65536\r\n\r\n", filler: "{"),
        Attack(name: "pipelined requests never read", prefix: "", filler: "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"),
    ]

    func testEveryFramingOfARequestStaysWithinTheConnectionBudget() throws {
        let port = try start()
        let before = try baseline(port: port)
        let bound = Self.connections * HTTPServerOptions().connectionInputLimit + Self.fixedAllowance
        for attack in Self.attacks {
            var open: [RawConnection] = []
            var sent = 0
            try resetPeak()
            for _ in 0..<Self.connections {
                let connection = try RawConnection(port: port)
                connection.send(attack.prefix)
                // The filler repeated to 16 KiB, so the attacker spends few system calls.
                let filler = Array(String(repeating: attack.filler, count: (16 << 10) / attack.filler.utf8.count).utf8)
                sent += connection.flood(filler, upTo: Self.attempt, stall: 0.3)
                open.append(connection)
            }
            try waitUntilIdle()
            let grown = try residentMemory("VmHWM") - before
            XCTAssertLessThanOrEqual(grown, bound, "\(attack.name): \(sent >> 10) KiB sent grew the relay by \(grown >> 10) KiB (bound \(bound >> 10) KiB)")
            print("relay memory, \(attack.name): \(sent >> 10) KiB sent by \(Self.connections) connections, peak RSS +\(grown >> 10) KiB (bound \(bound >> 10) KiB)")
            open.removeAll()
            try waitUntilIdle()
        }
        XCTAssertTrue(relay?.process.isRunning ?? false)
    }

    /// What OpenSSL may hold for one connection besides the request's bytes: a record being read
    /// (16 KiB and its header), the session and its handshake state.
    private static let tlsAllowance = 64 << 10

    func testOverTLSAConnectionHoldsNoMoreThanItsBudgetAndOneRecord() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("relay-memory-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let certificate = try TestCertificate(in: folder, name: "relay")
        let port = try start(["tls_certificate_file": certificate.certificate, "tls_key_file": certificate.key])
        for _ in 0..<8 {
            XCTAssertTrue(try TLSTestClient(port: port, trusting: certificate.certificate).exchange("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n", until: "\"ok\"").hasPrefix("HTTP/1.1 200"))
        }
        let before = try residentMemory()
        try resetPeak()
        // Half the connections send all but one byte of the largest record a handshake may start
        // with, and wait; the other half finish the handshake and stay idle after a request.
        var unfinished: [RawConnection] = [], idle: [TLSTestClient] = []
        for _ in 0..<Self.connections {
            let connection = try RawConnection(port: port)
            connection.send(bytes: [0x16, 0x03, 0x01, 0x40, 0x00] + Array(repeating: 0x01, count: (16 << 10) - 1))
            unfinished.append(connection)
            let client = try TLSTestClient(port: port, trusting: certificate.certificate)
            XCTAssertTrue(client.exchange("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n", until: "\"ok\"").hasPrefix("HTTP/1.1 200"))
            idle.append(client)
        }
        try waitUntilIdle()
        let grown = try residentMemory("VmHWM") - before
        let bound = 2 * Self.connections * Self.tlsAllowance + Self.fixedAllowance
        XCTAssertLessThanOrEqual(grown, bound, "TLS: \(2 * Self.connections) connections grew the relay by \(grown >> 10) KiB (bound \(bound >> 10) KiB)")
        print("relay memory, TLS: \(Self.connections) unfinished records and \(Self.connections) idle sessions, peak RSS +\(grown >> 10) KiB (bound \(bound >> 10) KiB)")
        XCTAssertTrue(relay?.process.isRunning ?? false)
    }

    func testTheServersInputBudgetBoundsEveryConnectionTogether() throws {
        // 1 MiB for the whole server: 16 connections each holding back 60 KiB of a body would be
        // 960 KiB, 24 would be 1.4 MiB; the ones that send past the budget are answered 503 and closed.
        let port = try start(["input_budget_mib": "1"])
        let before = try baseline(port: port)
        try resetPeak()
        var open: [RawConnection] = []
        var refused = 0
        for _ in 0..<24 {
            let connection = try RawConnection(port: port)
            connection.send("POST /push/send HTTP/1.1\r\nHost: x\r\nContent-Length: 65536\r\n\r\n")
            _ = connection.flood(Array(repeating: UInt8(ascii: "{"), count: 4 << 10), upTo: 60 << 10, stall: 0.3)
            if connection.read(until: "\r\n\r\n", timeout: 0.05).hasPrefix("HTTP/1.1 503 ") { refused += 1 }
            open.append(connection)
        }
        try waitUntilIdle()
        let grown = try residentMemory("VmHWM") - before
        XCTAssertGreaterThan(refused, 0, "past 1 MiB held, a client that sends more is refused")
        XCTAssertLessThanOrEqual(grown, (1 << 20) + Self.fixedAllowance, "RSS grew by \(grown >> 10) KiB")
        open.removeAll()
        // Once the holders are gone, a request is served again.
        var answer = ""
        for _ in 0..<50 where !answer.hasPrefix("HTTP/1.1 200") {
            let connection = try RawConnection(port: port)
            connection.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
            answer = connection.read(until: "\r\n\r\n", timeout: 2)
        }
        XCTAssertTrue(answer.hasPrefix("HTTP/1.1 200"), answer)
    }
}
