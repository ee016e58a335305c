import Foundation

/// A folder of its own for one test, removed afterwards.
struct TemporaryFolder {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("persistence-\(UUID().uuidString)")

    init() throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    func remove() { try? FileManager.default.removeItem(at: url) }
}
