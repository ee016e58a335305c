import Essentials
import FoundationEssentials
import Networking

/// The folders that hold one server's data besides its tokens: `servers/<key>` under the data
/// folder (queued webhooks, sensor settings) and under the cache folder (cached entities).
/// Revocation and logout remove both.
public struct ServerDataFolders: Sendable {
    public let data: URL
    public let cache: URL

    public init(layout: DirectoryLayout, server: ServerAddress) {
        let key = Self.key(for: server)
        data = layout.data.appendingPathComponent("servers").appendingPathComponent(key)
        cache = layout.cache.appendingPathComponent("servers").appendingPathComponent(key)
    }

    /// A file name for `server`: `http-127.0.0.1-8123`, only letters, digits, `.`, `-` and `_`.
    static func key(for server: ServerAddress) -> String {
        let text = server.description.replacing("://", with: "-").replacing(":", with: "-")
        return String(text.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") ? $0 : "_" })
    }

    /// Removes both folders; returns whether anything was there.
    @discardableResult
    func wipe() throws -> Bool {
        var removed = false
        for folder in [data, cache] where FileManager.default.fileExists(atPath: folder.path) {
            try FileManager.default.removeItem(at: folder)
            removed = true
        }
        return removed
    }
}
