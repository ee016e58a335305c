import Foundation

/// tools/improv-device.py: an ESPHome-like Improv device on a pseudo-terminal.
final class ImprovDeviceSimulator: @unchecked Sendable {
    let path: String
    private let process = Process()

    init(mode: String = "normal", redirect: String? = nil, firmware: String? = nil) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [IntegrationEnvironment.repository.appendingPathComponent("tools/improv-device.py").path, mode]
            + (redirect.map { [$0] } ?? []) + (firmware.map { [$0] } ?? [])
        path = String(try PeerLaunch.firstLine(of: process, output: Pipe(), name: "tools/improv-device.py").dropFirst("pty ".count))
    }

    func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
