import Foundation

/// Runs a short Python snippet in the test server's venv (through tools/ha-server python), for
/// what only a reference library does, such as pyotp's TOTP codes.
enum VenvPython {
    static func run(_ script: String, _ arguments: String...) throws -> String {
        let process = Process()
        process.executableURL = IntegrationEnvironment.repository.appendingPathComponent("tools/ha-server")
        process.arguments = ["python", "-c", script] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw HTTPExchangeError(message: "python exited with \(process.terminationStatus)") }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The current code for `secret`, taken at least 5 seconds before its 30-second period ends
    /// (waiting for the next period otherwise): Home Assistant's setup step accepts only the
    /// current period's code, and the code still has to reach it.
    static func totp(_ secret: String) throws -> String {
        try run("""
        import pyotp, sys, time
        if time.time() % 30 > 25: time.sleep(30 - time.time() % 30 + 0.1)
        print(pyotp.TOTP(sys.argv[1]).now())
        """, secret)
    }
}
