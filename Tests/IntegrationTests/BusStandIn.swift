import DBusTestSupport
import Foundation

/// A private D-Bus bus with a tools/ stand-in script on it (BlueZ, GeoClue, a notification
/// server), run with the test server's venv Python: the lines it prints kept for the test to
/// read, its standard input open for commands.
final class BusStandIn: @unchecked Sendable {
    let bus: PrivateBus
    private let process: Process
    private let input = Pipe()
    private let lock = NSLock()
    private var lines: [String] = []

    /// Starts `script` with the bus address and `arguments`, once it printed `ready`.
    init(_ script: String, _ arguments: [String]) throws {
        bus = try PrivateBus()
        process = PeerLaunch.venvScript(script, [bus.address] + arguments)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = input
        try process.run()
        let handle = output.fileHandleForReading
        Thread.detachNewThread { [weak self] in
            while true {
                let data = handle.availableData
                guard !data.isEmpty, let self else { return }
                self.lock.withLock { self.lines += String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init) }
            }
        }
        guard log(once: { $0 == "ready" }, timeout: 15).contains("ready") else {
            stop()
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "\(script) did not start"])
        }
    }

    /// What the stand-in printed so far, a line each.
    var log: [String] {
        lock.withLock { lines }
    }

    /// The log once a line satisfies `wanted` (its lines reach the test a moment after the calls
    /// they tell of), or as it is after `timeout` seconds.
    func log(once wanted: (String) -> Bool, timeout: Double = 5) -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline, !log.contains(where: wanted) { Thread.sleep(forTimeInterval: 0.02) }
        return log
    }

    /// Writes `line` to the stand-in's standard input.
    func send(_ line: String) {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        bus.stop()
    }
}
