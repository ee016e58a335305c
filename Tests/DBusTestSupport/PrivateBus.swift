import Foundation

/// A private `dbus-daemon` in a temporary folder, for tests: anyone on it may own any name and
/// send anything. `stop()` kills it (SIGKILL) and removes the folder.
public final class PrivateBus: @unchecked Sendable {
    public let address: String
    private let process = Process()
    private let folder: URL

    public init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("bus-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let socket = folder.appendingPathComponent("socket").path
        let configuration = folder.appendingPathComponent("bus.conf")
        try """
        <busconfig>
          <type>session</type>
          <listen>unix:path=\(socket)</listen>
          <auth>EXTERNAL</auth>
          <policy context="default">
            <allow send_destination="*" eavesdrop="true"/>
            <allow eavesdrop="true"/>
            <allow own="*"/>
          </policy>
        </busconfig>
        """.write(to: configuration, atomically: true, encoding: .utf8)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        process.arguments = ["--config-file=\(configuration.path)", "--nofork", "--print-address=1", "--nopidfile"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var printed = ""
        while !printed.contains("\n") {
            let data = output.fileHandleForReading.availableData
            guard !data.isEmpty else { throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "dbus-daemon exited before it printed its address"]) }
            printed += String(decoding: data, as: UTF8.self)
        }
        address = printed.split(separator: "\n")[0].trimmingCharacters(in: .whitespaces)
    }

    /// Environment variables that point libdbus (and Python's D-Bus libraries) at this bus as
    /// both the system and the session bus.
    public var environment: [String: String] {
        ["DBUS_SYSTEM_BUS_ADDRESS": address, "DBUS_SESSION_BUS_ADDRESS": address]
    }

    public func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: folder)
    }
}
