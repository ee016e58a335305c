import Agent
import Essentials
import FoundationEssentials

/// Runs one script for its sensors: every `interval` seconds when a sensor is read (a report
/// waits for it, at most `timeout` seconds), or, streaming, once, taking each line as it comes
/// (restarted at most once an interval when it ends). A script that fails, hangs, floods or
/// prints what is not its values makes its sensors `unavailable`; the reason is logged when it
/// changes.
final class ScriptRunner: @unchecked Sendable {
    /// The longest line a streaming script may print.
    static let maximumLineBytes = 4096

    let spec: ScriptSpec
    let logger: Logger
    private let lock = Lock()
    private var values: [String: JSONValue] = [:]
    private var failure: String?
    private var lastStart: Date?
    private var stream: ChildProcess?
    /// Whether a streaming script's output is being read (until it ends or is stopped).
    private var streaming = false

    init(spec: ScriptSpec, logger: Logger) {
        self.spec = spec
        self.logger = logger
    }

    /// The value of `key`, nil while the script fails.
    func value(_ key: String, now: Date = Current.now()) -> JSONValue? {
        if spec.streams { keepStreaming(now: now) } else { runIfDue(now: now) }
        return lock.withLock { failure == nil ? values[key] : nil }
    }

    private func runIfDue(now: Date) {
        let due = lock.withLock { () -> Bool in
            guard lastStart.map({ now.timeIntervalSince($0) >= spec.interval }) ?? true else { return false }
            lastStart = now
            return true
        }
        guard due else { return }
        do {
            let output = try CommandRunner.runNow(spec.command, value: nil, timeout: spec.timeout)
            settle(.success(try ScriptOutput.values(output)), replacing: true)
        } catch {
            settle(.failure(error), replacing: true)
        }
    }

    private func settle(_ outcome: Result<[String: JSONValue], any Error>, replacing: Bool) {
        let said: String?
        switch outcome {
        case .success(let read):
            said = lock.withLock { () -> String? in
                values = replacing ? read : values.merging(read) { _, new in new }
                defer { failure = nil }
                return failure == nil ? nil : "script \(spec.id) works again"
            }
        case .failure(let error):
            let reason = "\(error)"
            said = lock.withLock { () -> String? in
                defer { failure = reason }
                return failure == reason ? nil : "script \(spec.id): \(reason); its sensors are unavailable"
            }
        }
        if let said { logger.warning(said) }
    }

    /// Starts the streaming script when it is not running (at most once an interval).
    private func keepStreaming(now: Date) {
        let start = lock.withLock { () -> Bool in
            guard !streaming, lastStart.map({ now.timeIntervalSince($0) >= spec.interval }) ?? true else { return false }
            lastStart = now
            return true
        }
        guard start else { return }
        let program = spec.command[0]
        // The child leads a process group of its own: stopping the group (kill -PID) stops what
        // the script started too.
        let process: ChildProcess
        do {
            process = try CommandRunner.start(spec.command, output: .piped, error: .discarded)
        } catch {
            return settle(.failure(CommandFailure(description: error.description)), replacing: true)
        }
        lock.withLock {
            stream = process
            streaming = true
        }
        do {
            try DetachedThread.start { [self] in
                defer { _ = process.waitForExit() }
                var pending: [UInt8] = []
                while let descriptor = process.standardOutput {
                    let data = process.read(descriptor)
                    if data.isEmpty { break }
                    pending.append(contentsOf: data)
                    while let newline = pending.firstIndex(of: 10) {
                        let line = String(decoding: pending[..<newline], as: UTF8.self)
                        pending.removeSubrange(...newline)
                        settle(Result { try ScriptOutput.values(line) }, replacing: false)
                    }
                    if pending.count > Self.maximumLineBytes {
                        process.killGroup()
                        lock.withLock { streaming = false }
                        return settle(.failure(CommandFailure(description: "\(program) printed a line of more than \(Self.maximumLineBytes) bytes and was stopped")), replacing: true)
                    }
                }
                lock.withLock { streaming = false }
                settle(.failure(CommandFailure(description: "\(program) ended; started again within \(Int(spec.interval)) s")), replacing: true)
            }
        } catch {
            // Nothing can read it: it is stopped, and started again after the interval.
            process.killGroup()
            _ = process.waitForExit()
            lock.withLock { streaming = false }
            settle(.failure(CommandFailure(description: "\(program) could not be read: \(error)")), replacing: true)
        }
    }

    /// Stops a streaming script and what it started.
    func stop() {
        lock.withLock { streaming ? stream : nil }?.killGroup()
    }
}
