import Foundation

/// The `push-relay` executable built beside this test bundle (tools/test builds every product
/// first), running `serve` on a free loopback port with its own data folder; killed (SIGKILL) by
/// ``stop()``.
public final class RelayProcess {
    public let process = Process()
    public let folder: URL
    /// The port, and the first line the relay printed (where it listens).
    public private(set) var port = 0
    public private(set) var banner = ""
    /// Where its standard error goes.
    public var errorLog: URL { folder.appendingPathComponent("stderr.log") }

    public static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("push-relay")
    }

    /// Starts the relay with `settings` (PUSH_RELAY_ names without the prefix, in lower case)
    /// and `environment` (whole variable names), in `chosen` (a folder of its own when nil).
    public init(_ settings: [String: String] = [:], environment extra: [String: String] = [:], folder chosen: URL? = nil) throws {
        folder = chosen ?? FileManager.default.temporaryDirectory.appendingPathComponent("relay-process-\(UUID().uuidString)")
        guard FileManager.default.isExecutableFile(atPath: Self.executable.path) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "build the push-relay product first: \(Self.executable.path)"])
        }
        process.executableURL = Self.executable
        process.arguments = ["serve", "--port", "0"]
        var environment = ["XDG_DATA_HOME": folder.path, "HOME": folder.path, "PUSH_RELAY_REQUEST_DEADLINE": "60", "PUSH_RELAY_TIMEOUT": "60"]
        for (name, value) in settings { environment["PUSH_RELAY_" + name.uppercased()] = value }
        environment.merge(extra) { $1 }
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: errorLog.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errorLog)
        try process.run()
        var line: [UInt8] = []
        while line.last != UInt8(ascii: "\n") {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            guard let first = byte.first else { break }
            line.append(first)
        }
        banner = String(decoding: line, as: UTF8.self)
        guard let range = banner.range(of: #"127\.0\.0\.1:\d+"#, options: .regularExpression), let port = Int(banner[range].split(separator: ":").last ?? "") else {
            process.waitUntilExit()
            let said = errorText
            stop()
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "the relay did not start: \(banner)\(said)"])
        }
        self.port = port
    }

    public var pid: Int32 { process.processIdentifier }

    /// What it wrote to standard error so far.
    public var errorText: String { (try? String(contentsOf: errorLog, encoding: .utf8)) ?? "" }

    /// Kills the relay (SIGKILL) and removes its folder.
    public func stop() {
        crash()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Kills the relay (SIGKILL), as a crash or the machine's OOM killer would, keeping its folder.
    public func crash() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}
