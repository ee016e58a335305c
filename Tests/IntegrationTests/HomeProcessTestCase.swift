import Foundation
import XCTest

/// A test that runs `home` as processes in a home folder of its own. `signedIn` logs that home in
/// to the test server (and removes this machine's mobile_app registration there after the
/// test); what `keep` is given is stopped in a sync `tearDown` (processes with SIGKILL, then
/// stand-ins, last kept first), and the folder removed.
class HomeProcessTestCase: XCTestCase {
    private(set) var root: URL?
    private var processes: [Process] = []
    private var stops: [() -> Void] = []

    /// A home folder signed in to `server`, with `manifest` as its manifest.json when given.
    func signedIn(_ server: IntegrationEnvironment, manifest: String? = nil) throws -> HomeProcess {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("\(type(of: self))-\(UUID().uuidString)")
        self.root = root
        let home = HomeProcess(root: root)
        let (status, output) = try home.run(["login", server.url, "--username", server.username, "--password-stdin"], input: server.password)
        XCTAssertEqual(status, 0, output)
        if let manifest {
            let file = root.appendingPathComponent(".config/home-companion/manifest.json")
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(manifest.utf8).write(to: file)
        }
        let device = DeviceInfoName.current
        addTeardownBlock { try? await PushRelayEndToEndTests.removeEntry(titled: device, server: server) }
        return home
    }

    /// Kills `process` at the end of the test if it still runs.
    func keep(_ process: Process) {
        processes.append(process)
    }

    /// Runs `stop` at the end of the test (a stand-in, a bus).
    func keep(stopping stop: @escaping () -> Void) {
        stops.append(stop)
    }

    override func tearDown() {
        for process in processes where process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        for stop in stops.reversed() { stop() }
        if let root { try? FileManager.default.removeItem(at: root) }
        super.tearDown()
    }
}
