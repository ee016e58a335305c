import Foundation

/// A folder laid out like the machine's root (/etc, /proc, /sys) for reading tests.
struct FakeRoot {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("root-\(UUID().uuidString)")

    func write(_ path: String, _ text: String) throws {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
