import Foundation
import PluginHost
import XCTest

/// Helpers to write manifests as JSON text in tests.
enum ManifestFixtures {
    static let base = URL(fileURLWithPath: "/tmp")

    static func decode(_ json: String) throws(ManifestRejected) -> PluginManifest {
        try PluginManifest.decode(Data(json.utf8), baseDirectory: base)
    }

    static func manifest(_ entries: [ManifestEntry]) -> PluginManifest {
        PluginManifest(plugins: entries, baseDirectory: base)
    }

    /// The diagnostics a rejected manifest carries; empty when it was accepted.
    static func diagnostics(_ body: () throws -> Void, file: StaticString = #filePath, line: UInt = #line) -> [Diagnostic] {
        do {
            try body()
            return []
        } catch let rejected as ManifestRejected {
            return rejected.diagnostics
        } catch {
            XCTFail("expected ManifestRejected, got \(error)", file: file, line: line)
            return []
        }
    }
}
