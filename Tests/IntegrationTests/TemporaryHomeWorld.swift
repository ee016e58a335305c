import Essentials
import EssentialsTestSupport
import Foundation
import HomeAPI

/// A world of its own temporary XDG folders and a recorded log, with the Home client configured
/// to use them and a client id no other test shares (so its refresh tokens can be told apart).
final class TemporaryHomeWorld {
    let root: URL
    let layout: DirectoryLayout
    let logs = LogRecorder()
    let clientID = "http://127.0.0.1/home-companion-test-\(UUID().uuidString.prefix(8).lowercased())"

    init() throws {
        let clientID = clientID
        root = FileManager.default.temporaryDirectory.appendingPathComponent("home-world-\(UUID().uuidString)")
        let environment = ["HOME": root.path, "HOME_CLIENT_ID": clientID]
        let layout = DirectoryLayout(environment: environment)
        self.layout = layout
        var world = World.live
        world.environment = { environment }
        world.directories = { layout }
        world.logger = { [logs] label in logs.logger(label: label) }
        Current = world
        try Home.configure { $0.clientID = clientID }
    }

    /// Every file under the root, as paths relative to it.
    var files: [String] {
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        return (enumerator?.allObjects as? [URL] ?? []).map { String($0.path.dropFirst(root.path.count)) }
    }

    func tearDown() {
        Current = .live
        try? FileManager.default.removeItem(at: root)
    }
}
