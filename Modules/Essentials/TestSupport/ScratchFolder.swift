import FoundationEssentials

/// A throwaway folder of a test's: files written below it by relative path, the folders on the
/// way made; removed when the test is done with it.
public struct ScratchFolder: Sendable {
    /// The folder, under the temporary directory, named uniquely.
    public let root = FileManager.default.temporaryDirectory.appendingPathComponent("scratch-\(UUID().uuidString)")

    /// Creates a folder name (nothing is made until the first write).
    public init() {}

    /// Writes `text` at `path` below the root.
    public func write(_ path: String, _ text: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Removes the folder and everything in it.
    public func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}
