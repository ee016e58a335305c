import Essentials
import Foundation

/// Runs a command of the user's (a control's, a script sensor's): an argument vector, never a
/// shell line; a control's value (already checked: a number in range, `ON`/`OFF`, `PRESS`) in
/// `HOME_CONTROL_VALUE` and in place of an argument that is exactly `{value}` or `{value}%`;
/// standard input empty; killed after `timeout` seconds, or as soon as it writes more than
/// ``maximumOutputBytes``, with everything it started (its process group, also once the command
/// itself has ended and something it started still holds its output). It does not inherit the
/// companion's secrets (``withheldVariables``).
public enum CommandRunner {
    public static let maximumOutputBytes = 64 << 10
    /// Variables a command's environment never holds: the server token and the relay's
    /// registration key, which the user may have exported for `home` itself.
    public static let withheldVariables = ["HOME_TOKEN", "HOME_RELAY_KEY"]

    /// The command's standard output; throws when it cannot start, fails, takes too long or
    /// writes too much.
    public static func run(_ arguments: [String], value: String?, timeout: Double) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try runNow(arguments, value: value, timeout: timeout) })
            }
        }
    }

    /// The same, on the calling thread (for a sensor read where the report waits anyway).
    public static func runNow(_ arguments: [String], value: String?, timeout: Double) throws -> String {
        try runProcess(arguments, value: value, timeout: timeout)
    }

    /// A process that runs `arguments`: a path as it is, a bare name found on the PATH by env.
    public static func process(for arguments: [String]) -> Process {
        let process = Process()
        let program = arguments.first ?? ""
        process.executableURL = URL(fileURLWithPath: program.contains("/") ? program : "/usr/bin/env")
        process.arguments = program.contains("/") ? Array(arguments.dropFirst()) : arguments
        return process
    }

    static func substituted(_ arguments: [String], value: String?) -> [String] {
        guard let value else { return arguments }
        return arguments.map { argument in
            if argument == "{value}" { return value }
            if argument == "{value}%" { return value + "%" }
            return argument
        }
    }

    private static func runProcess(_ arguments: [String], value: String?, timeout: Double) throws -> String {
        guard let program = arguments.first else { throw CommandFailure(description: "no command") }
        let process = process(for: substituted(arguments, value: value))
        var environment = Current.environment()
        for name in withheldVariables { environment[name] = nil }
        if let value { environment["HOME_CONTROL_VALUE"] = value }
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw CommandFailure(description: "\(program) cannot be started: \(error.localizedDescription)")
        }
        // The child leads a process group of its own (Foundation's doing): stopping the group
        // stops what the command started too. The timer is cancelled once both pipes are closed
        // and the child reaped; until then the group exists (the command, or what it started and
        // still holds a pipe), so its id names no one else.
        let timedOut = Flag()
        let timer = DispatchWorkItem {
            timedOut.set()
            kill(-process.processIdentifier, SIGKILL)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: timer)
        // Both pipes drained at once, so a command that fills one is not stuck on it.
        let complaints = ReadBox()
        let errorsRead = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            complaints.text = read(errors, process: nil).text
            errorsRead.signal()
        }
        let (printed, flooded) = read(output, process: process)
        errorsRead.wait()
        process.waitUntilExit()
        timer.cancel()
        let complained = complaints.text
        if flooded { throw CommandFailure(description: "\(program) wrote more than \(maximumOutputBytes / 1024) KiB and was stopped") }
        if timedOut.isSet {
            throw CommandFailure(description: "\(program) took longer than \(ControlCommand.text(timeout)) s and was stopped")
        }
        guard process.terminationStatus == 0 else {
            let reason = complained.split(whereSeparator: \.isNewline).last.map { ": \($0)" } ?? ""
            throw CommandFailure(description: "\(program) exited with status \(process.terminationStatus)\(reason)")
        }
        return printed
    }

    /// What a pipe gives to its end, the first ``maximumOutputBytes`` kept; with `process`, one
    /// that writes more is killed (and `flooded` says so).
    private static func read(_ pipe: Pipe, process: Process?) -> (text: String, flooded: Bool) {
        var kept = Data()
        var flooded = false
        while true {
            let data = pipe.fileHandleForReading.availableData
            if data.isEmpty { break }
            if kept.count + data.count > maximumOutputBytes, let process, !flooded {
                flooded = true
                kill(-process.processIdentifier, SIGKILL)
            }
            if kept.count < maximumOutputBytes { kept.append(data.prefix(maximumOutputBytes - kept.count)) }
        }
        return (String(decoding: kept, as: UTF8.self), flooded)
    }
}
