import Foundation
import Synchronization

/// The output of a `home agent` process, read as it arrives.
final class AgentLog: Sendable {
    private let collected = Mutex("")
    private let ended = Mutex(false)

    init(_ pipe: Pipe) {
        pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard !data.isEmpty else {
                handle.readabilityHandler = nil
                self?.ended.withLock { $0 = true }
                return
            }
            self?.collected.withLock { $0 += String(decoding: data, as: UTF8.self) }
        }
    }

    /// Everything read so far.
    var text: String { collected.withLock { $0 } }

    /// Waits until the output has ended (the process exited and everything it wrote was read).
    func waitForEnd(within seconds: Double) async throws {
        try await within(seconds, "the end of the agent's output") {
            while !self.ended.withLock({ $0 }) { try await Task.sleep(nanoseconds: 50_000_000) }
        }
    }

    /// Waits until `line` has appeared.
    func wait(for line: String, within seconds: Double) async throws {
        try await within(seconds, "'\(line)' in the agent's output") {
            while !self.text.contains(line) { try await Task.sleep(nanoseconds: 100_000_000) }
        }
    }
}
