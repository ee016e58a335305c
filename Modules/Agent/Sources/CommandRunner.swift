import Essentials
import Dispatch
import FoundationEssentials

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
        try await DetachedThread.run { try runNow(arguments, value: value, timeout: timeout) }
    }

    /// The same, on the calling thread (for a sensor read where the report waits anyway).
    public static func runNow(_ arguments: [String], value: String?, timeout: Double) throws -> String {
        try runProcess(arguments, value: value, timeout: timeout)
    }

    /// Starts `arguments`: a path as it is, a bare name found on the PATH by env.
    public static func start(_ arguments: [String], environment: [String: String]? = nil, output: ChildProcess.Output, error: ChildProcess.Output) throws(ChildProcessError) -> ChildProcess {
        let program = arguments.first ?? ""
        return try ChildProcess(
            executable: program.contains("/") ? program : "/usr/bin/env", arguments: program.contains("/") ? Array(arguments.dropFirst()) : arguments,
            environment: environment, output: output, error: error
        )
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
        var environment = Current.environment()
        for name in withheldVariables { environment[name] = nil }
        if let value { environment["HOME_CONTROL_VALUE"] = value }
        let process: ChildProcess
        do {
            process = try start(substituted(arguments, value: value), environment: environment, output: .piped, error: .piped)
        } catch {
            throw CommandFailure(description: error.description)
        }
        // The child leads a process group of its own: stopping the group stops what the command
        // started too. The timer is cancelled once both pipes are closed and the child reaped;
        // until then the group exists (the command, or what it started and still holds a pipe),
        // so its id names no one else.
        let timedOut = Flag()
        let timer = DispatchWorkItem {
            timedOut.set()
            process.killGroup()
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: timer)
        // Both pipes drained at once, so a command that fills one is not stuck on it.
        let complaints = ReadBox()
        let errorsRead = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            complaints.text = read(process, process.standardError, killing: false).text
            errorsRead.signal()
        }
        let (printed, flooded) = read(process, process.standardOutput, killing: true)
        errorsRead.wait()
        let status = process.waitForExit()
        timer.cancel()
        let complained = complaints.text
        if flooded { throw CommandFailure(description: "\(program) wrote more than \(maximumOutputBytes / 1024) KiB and was stopped") }
        if timedOut.isSet {
            throw CommandFailure(description: "\(program) took longer than \(ControlCommand.text(timeout)) s and was stopped")
        }
        guard status == 0 else {
            let reason = complained.split(whereSeparator: \.isNewline).last.map { ": \($0)" } ?? ""
            throw CommandFailure(description: "\(program) exited with status \(status)\(reason)")
        }
        return printed
    }

    /// What a pipe gives to its end, the first ``maximumOutputBytes`` kept; `killing`, a process
    /// that writes more is killed (and `flooded` says so).
    private static func read(_ process: ChildProcess, _ descriptor: Int32?, killing: Bool) -> (text: String, flooded: Bool) {
        guard let descriptor else { return ("", false) }
        var kept: [UInt8] = []
        var flooded = false
        while true {
            let data = process.read(descriptor)
            if data.isEmpty { break }
            if kept.count + data.count > maximumOutputBytes, killing, !flooded {
                flooded = true
                process.killGroup()
            }
            if kept.count < maximumOutputBytes { kept.append(contentsOf: data.prefix(maximumOutputBytes - kept.count)) }
        }
        return (String(decoding: kept, as: UTF8.self), flooded)
    }
}
