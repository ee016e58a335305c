import Agent
import Essentials
import FoundationEssentials

/// A control that runs commands of the user's: `run` performs it, `state` (optional) prints its
/// state; without `state`, a number or switch shows the last value it was set to.
final class CommandControl: Control, @unchecked Sendable {
    let definition: ControlDefinition
    let run: [String]
    let stateCommand: [String]?
    let stateReading: StateReading
    private let lock = Lock()
    private var lastValue: String?

    /// How the state command's output reads.
    enum StateReading: Sendable {
        /// The first line, as it is.
        case text
        /// The first `NN%` in it (pactl's volume).
        case percent
        /// `yes` → ON, `no` → OFF, anywhere in it (pactl's mute).
        case yesNo
    }

    init(definition: ControlDefinition, run: [String], state: [String]?, reading: StateReading = .text) {
        self.definition = definition
        self.run = run
        stateCommand = state
        stateReading = reading
    }

    func perform(_ command: ControlCommand) async throws {
        let value: String
        switch command {
        case .press: value = "PRESS"
        case .set(let number): value = ControlCommand.text(number)
        case .turn(let on): value = on ? "ON" : "OFF"
        }
        _ = try await CommandRunner.run(run, value: value, timeout: 30)
        lock.withLock { lastValue = value }
    }

    func state() async -> String? {
        guard let stateCommand else { return lock.withLock { lastValue } }
        guard let output = try? await CommandRunner.run(stateCommand, value: nil, timeout: 5) else { return nil }
        return Self.read(output, as: stateReading)
    }

    static func read(_ output: String, as reading: StateReading) -> String? {
        switch reading {
        case .text:
            return output.split(whereSeparator: \.isNewline).first.map { String($0.trimmingSpaces().prefix(255)) }
        case .percent:
            guard let sign = output.firstIndex(of: "%") else { return nil }
            let digits = output[..<sign].reversed().prefix { $0.isNumber }
            return digits.isEmpty ? nil : String(digits.reversed())
        case .yesNo:
            let lowered = output.lowercased()
            if lowered.contains("yes") { return "ON" }
            if lowered.contains("no") { return "OFF" }
            return nil
        }
    }
}
