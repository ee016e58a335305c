import Foundation
import XCTest

/// tools/matter-server-standin.py (python-matter-server's WebSocket protocol) with the test
/// server's `matter` integration set up against it; `remove()` takes the integration away again
/// (with the devices it added).
final class MatterStandIn: @unchecked Sendable {
    let server: IntegrationEnvironment
    private let process: Process
    private let output: PipeOutput
    private var entryID: String?

    init(_ server: IntegrationEnvironment, absent: [String] = []) throws {
        self.server = server
        process = PeerLaunch.venvScript("tools/matter-server-standin.py", absent.flatMap { ["--absent", $0] })
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        output = PipeOutput(pipe)
        let deadline = Date().addingTimeInterval(15)
        while !output.text.contains("ready "), Date() < deadline { usleep(20_000) }
        guard let line = output.text.split(separator: "\n").first(where: { $0.hasPrefix("ready ") }), let port = Int(line.dropFirst(6)) else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "the Matter Server stand-in did not start: \(output.text)"])
        }
        self.port = port
    }

    let port: Int

    /// What the stand-in printed, a line each.
    var log: [String] { output.text.split(separator: "\n").map(String.init) }

    /// Sets up the server's `matter` integration against the stand-in (its config flow's manual step).
    func addIntegration() async throws {
        let flow = try await rest("POST", "/api/config/config_entries/flow", ["handler": "matter", "show_advanced_options": false])
        let flowID = try XCTUnwrap(flow["flow_id"] as? String, "\(flow)")
        let entry = try await rest("POST", "/api/config/config_entries/flow/\(flowID)", ["url": "ws://127.0.0.1:\(port)/ws"])
        entryID = try XCTUnwrap((entry["result"] as? [String: Any])?["entry_id"] as? String, "\(entry)")
    }

    /// Removes the integration (and its devices) and stops the stand-in.
    func remove() async {
        if let entryID { _ = try? await rest("DELETE", "/api/config/config_entries/entry/\(entryID)", nil) }
        entryID = nil
        stop()
    }

    func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    private func rest(_ method: String, _ path: String, _ body: [String: Any]?) async throws -> [String: Any] {
        try await HTTPExchange.send(method, try XCTUnwrap(URL(string: server.url + path)), token: server.token, json: body).object()
    }
}
