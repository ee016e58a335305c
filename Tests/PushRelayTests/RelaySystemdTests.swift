import Foundation
import LoopbackTestSupport
import XCTest

/// The relay as a systemd service: `push-relay serve` says READY=1 once it answers (and its
/// pid), RELOADING=1 then READY=1 around a SIGHUP, STOPPING=1 on SIGTERM, to the socket named by
/// NOTIFY_SOCKET (a path or an abstract name); and packaging/push-relay/push-relay.service passes
/// `systemd-analyze verify` and scores 2.0 or lower with `systemd-analyze security`.
final class RelaySystemdTests: XCTestCase {
    private var relay: RelayProcess?

    override func tearDown() {
        relay?.stop()
        relay = nil
    }

    /// A datagram socket bound where systemd's would be, read with a timeout.
    private final class NotifySocket {
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        let name: String

        /// Bound at a path in the temporary folder, or (with `abstract`) in the abstract namespace.
        init(abstract: Bool) throws {
            let unique = "hc-notify-\(UUID().uuidString.prefix(8))"
            name = abstract ? "@" + unique : FileManager.default.temporaryDirectory.appendingPathComponent(unique).path
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            var bytes = Array(name.utf8)
            if abstract { bytes[0] = 0 }
            withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sa_family_t>.size + bytes.count)) }
            }
            guard bound == 0 else { throw CocoaError(.fileWriteUnknown) }
        }

        /// The next message, or "" after `timeout` seconds.
        func next(timeout: Double = 10) -> String {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(timeout * 1000)) == 1 else { return "" }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = recv(descriptor, &buffer, buffer.count, 0)
            return count > 0 ? String(decoding: buffer[..<count], as: UTF8.self) : ""
        }

        deinit {
            close(descriptor)
            if !name.hasPrefix("@") { unlink(name) }
        }
    }

    func testSaysReadyWhenItAnswersThenReloadingAndStopping() throws {
        let notify = try NotifySocket(abstract: false)
        let relay = try RelayProcess(environment: ["NOTIFY_SOCKET": notify.name])
        self.relay = relay
        let ready = notify.next()
        XCTAssertTrue(ready.split(separator: "\n").contains("READY=1"), ready)
        XCTAssertTrue(ready.contains("MAINPID=\(relay.pid)"), ready)
        XCTAssertTrue(ready.contains("STATUS=listening on http://127.0.0.1:\(relay.port)"), ready)
        let health = try RawConnection(port: relay.port)
        health.send("GET /healthz HTTP/1.1\r\nHost: relay\r\nConnection: close\r\n\r\n")
        XCTAssertTrue(health.read(until: "\r\n", timeout: 10).hasPrefix("HTTP/1.1 200"), "it answers once it said it is ready")

        kill(relay.pid, SIGHUP)
        let reloading = notify.next()
        XCTAssertTrue(reloading.hasPrefix("RELOADING=1\nMONOTONIC_USEC="), reloading)
        XCTAssertNotNil(UInt64(reloading.split(separator: "=").last ?? ""), reloading)
        XCTAssertEqual(notify.next(), "READY=1", "ready again after the reload")

        kill(relay.pid, SIGTERM)
        XCTAssertEqual(notify.next(), "STOPPING=1")
        relay.process.waitUntilExit()
        XCTAssertEqual(relay.process.terminationStatus, 0)
    }

    func testAnAbstractSocketNameIsReachedAndNoSocketIsNoMatter() throws {
        let notify = try NotifySocket(abstract: true)
        let relay = try RelayProcess(environment: ["NOTIFY_SOCKET": notify.name])
        self.relay = relay
        XCTAssertTrue(notify.next().contains("READY=1"))
        relay.stop()
        let alone = try RelayProcess(environment: ["NOTIFY_SOCKET": "/nonexistent/notify"])
        self.relay = alone
        XCTAssertGreaterThan(alone.port, 0, "a socket it cannot reach does not stop it")
        // It says so on standard error right after the line that says where it listens.
        let deadline = DispatchTime.now().uptimeNanoseconds + 10_000_000_000
        while !alone.errorText.contains("NOTIFY_SOCKET: not sent") && DispatchTime.now().uptimeNanoseconds < deadline { usleep(20_000) }
        XCTAssertTrue(alone.errorText.contains("NOTIFY_SOCKET: not sent"), alone.errorText)
    }

    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `systemd-analyze` with `arguments`: its exit status and everything it said.
    private func analyze(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let analyze = Process()
        analyze.executableURL = URL(fileURLWithPath: "/usr/bin/systemd-analyze")
        analyze.arguments = arguments
        let output = Pipe()
        analyze.standardOutput = output
        analyze.standardError = output
        try analyze.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        analyze.waitUntilExit()
        return (analyze.terminationStatus, text)
    }

    func testTheUnitIsValidAndConfinedToAnExposureOfTwoAtMost() throws {
        let unit = try String(contentsOf: Self.repository.appendingPathComponent("packaging/push-relay/push-relay.service"), encoding: .utf8)
        XCTAssertTrue(unit.contains("ExecStart=/usr/bin/push-relay serve"))
        // verify wants the program to exist: the one this test bundle was built with stands in for /usr/bin's.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("unit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("push-relay.service")
        try unit.replacingOccurrences(of: "/usr/bin/push-relay", with: RelayProcess.executable.path).write(to: copy, atomically: true, encoding: .utf8)
        let verified = try analyze(["verify", copy.path])
        XCTAssertEqual(verified.status, 0, verified.output)
        XCTAssertEqual(verified.output.trimmingCharacters(in: .whitespacesAndNewlines), "", "no warning either")

        let security = try analyze(["security", "--offline=true", copy.path])
        let line = security.output.split(separator: "\n").first { $0.contains("Overall exposure level") } ?? ""
        let score = line.split(separator: ":").last?.split(separator: " ").first.flatMap { Double($0) }
        XCTAssertLessThanOrEqual(try XCTUnwrap(score, security.output), 2.0, String(line))
        XCTAssertTrue(line.contains("OK"), String(line))
    }

    func testTheAgentsUserUnitRestartsOnFailureAndStopsCleanly() throws {
        let unit = try String(contentsOf: Self.repository.appendingPathComponent("packaging/home-companion/home-agent.service"), encoding: .utf8)
        for line in ["Restart=on-failure", "KillSignal=SIGTERM", "TimeoutStopSec=30", "ExecStart=/usr/bin/home agent"] {
            XCTAssertTrue(unit.contains(line + "\n"), line)
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("unit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("home-agent.service")
        try unit.replacingOccurrences(of: "/usr/bin/home", with: RelayProcess.executable.deletingLastPathComponent().appendingPathComponent("home").path)
            .write(to: copy, atomically: true, encoding: .utf8)
        let verified = try analyze(["verify", copy.path])
        XCTAssertEqual(verified.status, 0, verified.output)
    }
}
