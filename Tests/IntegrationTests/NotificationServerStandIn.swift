import DBusTestSupport
import Foundation

/// A private D-Bus bus with tools/notifications-standin.py on it as the desktop's notification
/// server; what it printed about each Notify call kept for the test to read, and a person at the
/// desktop played through its standard input.
final class NotificationServerStandIn: @unchecked Sendable {
    let bus: PrivateBus
    private let process: Process
    private let input = Pipe()
    private let lock = NSLock()
    private var lines: [String] = []

    init(capabilities: [String]) throws {
        bus = try PrivateBus()
        process = PeerLaunch.venvScript("tools/notifications-standin.py", [bus.address] + capabilities)
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
        guard wait({ $0.contains("ready") }, timeout: 15) else { throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "the stand-in did not start"]) }
    }

    /// The Notify calls so far, each as the stand-in printed it.
    var notifications: [[String: Any]] {
        lock.withLock { lines }.compactMap { line in
            guard line.hasPrefix("{") else { return nil }
            return try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        }
    }

    /// Waits up to `timeout` seconds for `count` Notify calls.
    func notifications(count: Int, timeout: Double = 15) -> [[String: Any]] {
        _ = wait({ _ in self.notifications.count >= count }, timeout: timeout)
        return notifications
    }

    /// What the person at the desktop does: `invoke ID KEY`, `reply ID TEXT`, `close ID`.
    func person(_ command: String) {
        input.fileHandleForWriting.write(Data((command + "\n").utf8))
    }

    private func wait(_ wanted: @escaping ([String]) -> Bool, timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if wanted(lock.withLock({ lines })) { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return false
    }

    func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        bus.stop()
    }
}
