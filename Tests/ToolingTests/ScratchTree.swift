import Foundation

/// A throwaway folder that a tool under test reads as its repository.
struct ScratchTree {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("tool-tree-\(UUID().uuidString)")

    /// Writes `text` at `path` below the root, making the folders on the way.
    func write(_ path: String, _ text: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}
