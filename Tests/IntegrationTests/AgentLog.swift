import Foundation

/// The output of a `home agent` process, read as it arrives.
final class AgentLog: Sendable {
    private let output: PipeOutput

    init(_ pipe: Pipe) {
        output = PipeOutput(pipe)
    }

    /// Everything read so far.
    var text: String { output.text }

    /// Waits until the output has ended (the process exited and everything it wrote was read).
    func waitForEnd(within seconds: Double) async throws {
        try await within(seconds, "the end of the agent's output") {
            while !self.output.ended { try await Task.sleep(nanoseconds: 50_000_000) }
        }
    }

    /// Waits until `line` has appeared.
    func wait(for line: String, within seconds: Double) async throws {
        try await within(seconds, "'\(line)' in the agent's output") {
            while !self.text.contains(line) { try await Task.sleep(nanoseconds: 100_000_000) }
        }
    }
}
