import DBusTestSupport
import Foundation

/// A private D-Bus bus with tools/bluez-standin.py on it as org.bluez (one adapter and the
/// Improv devices given as modes), the lines it prints kept for the test to read, and the
/// process's system bus pointed at it while it runs.
final class BlueZStandIn: @unchecked Sendable {
    let bus: PrivateBus
    private let process: Process
    private let output = Pipe()
    private let lock = NSLock()
    private var lines: [String] = []

    init(devices: [String]) throws {
        bus = try PrivateBus()
        process = PeerLaunch.venvScript("tools/bluez-standin.py", [bus.address] + devices)
        _ = try PeerLaunch.firstLine(of: process, output: output, name: "tools/bluez-standin.py")
        let handle = output.fileHandleForReading
        Thread.detachNewThread { [weak self] in
            while true {
                let data = handle.availableData
                guard !data.isEmpty, let self else { return }
                self.lock.withLock { self.lines += String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init) }
            }
        }
        setenv("DBUS_SYSTEM_BUS_ADDRESS", bus.address, 1)
    }

    /// What the stand-in printed about the calls it got, so far.
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

    func stop() {
        unsetenv("DBUS_SYSTEM_BUS_ADDRESS")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        bus.stop()
    }
}
