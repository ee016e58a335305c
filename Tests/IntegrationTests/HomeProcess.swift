import Foundation

/// The built `home` executable run as its own process, in a home folder of the test's.
struct HomeProcess {
    let root: URL
    /// Variables every run gets besides HOME and PATH.
    var environment: [String: String] = [:]

    /// Starts `home ARGUMENTS` with `input` on its standard input, and `environment` added to its
    /// own; standard output and error go to the pipe.
    func start(_ arguments: [String], input: String? = nil, environment: [String: String] = [:]) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = IntegrationEnvironment.repository.appendingPathComponent(".build/debug/home")
        process.arguments = arguments
        process.environment = ["HOME": root.path, "PATH": "/usr/bin:/bin"].merging(self.environment.merging(environment) { $1 }) { _, added in added }
        let stdin = Pipe(), output = Pipe()
        process.standardInput = stdin
        process.standardOutput = output
        process.standardError = output
        try process.run()
        if let input { stdin.fileHandleForWriting.write(Data((input + "\n").utf8)) }
        try? stdin.fileHandleForWriting.close()
        return (process, output)
    }

    /// Runs `home ARGUMENTS` to its end: its exit status and output.
    func run(_ arguments: [String], input: String? = nil) throws -> (Int32, String) {
        let (process, output) = try start(arguments, input: input)
        let text = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: text, as: UTF8.self))
    }
}
