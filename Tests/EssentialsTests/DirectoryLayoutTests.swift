import Essentials
import Foundation
import XCTest

final class DirectoryLayoutTests: XCTestCase {
    func testFollowsXDGVariables() {
        let layout = DirectoryLayout(environment: [
            "HOME": "/home/ada", "XDG_CONFIG_HOME": "/cfg", "XDG_DATA_HOME": "/data", "XDG_CACHE_HOME": "/cache",
        ])
        XCTAssertEqual(layout.configuration.path, "/cfg/home-companion")
        XCTAssertEqual(layout.data.path, "/data/home-companion")
        XCTAssertEqual(layout.cache.path, "/cache/home-companion")
        XCTAssertEqual(layout.defaultManifest.path, "/cfg/home-companion/manifest.json")
    }

    func testFallsBackUnderHomeForUnsetEmptyOrRelativeVariables() {
        let layout = DirectoryLayout(environment: ["HOME": "/home/ada", "XDG_CONFIG_HOME": "", "XDG_DATA_HOME": "relative"])
        XCTAssertEqual(layout.configuration.path, "/home/ada/.config/home-companion")
        XCTAssertEqual(layout.data.path, "/home/ada/.local/share/home-companion")
        XCTAssertEqual(layout.cache.path, "/home/ada/.cache/home-companion")
    }

    func testPrepareCreatesAndTightensTo0700() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: root) }
        let layout = DirectoryLayout(environment: ["HOME": root.path])
        try layout.prepare(layout.configuration)
        XCTAssertEqual(try permissions(layout.configuration), 0o700)
        try FileManager.default.createDirectory(at: layout.data, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        try layout.prepare(layout.data)
        XCTAssertEqual(try permissions(layout.data), 0o700)
    }

    private func permissions(_ url: URL) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int) ?? -1
    }
}
