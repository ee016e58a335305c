import Foundation

/// A folder under the temporary directory, removed by ``remove()``.
struct TemporaryFolder {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("auth-tests-\(UUID().uuidString)")

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
