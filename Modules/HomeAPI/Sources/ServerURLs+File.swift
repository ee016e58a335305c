import Essentials
import FoundationEssentials

extension ServerURLs {
    /// The file's name in a server's data folder.
    static let fileName = "urls.json"

    /// The URLs kept in `folder` (a server's data folder), or nil when none were kept.
    public static func load(from folder: URL) throws(HomeError) -> ServerURLs? {
        // Most servers have none: asked at every sign-in restored, without making the folder or its lock.
        guard FileManager.default.fileExists(atPath: folder.appendingPathComponent(fileName).path) else { return nil }
        do {
            return try store(in: folder).load()
        } catch {
            throw HomeError(.internal, "cannot read the server's URLs: \(error)")
        }
    }

    /// Keeps these URLs in `folder`.
    public func save(to folder: URL) throws(HomeError) {
        do {
            try Self.store(in: folder).save(self)
        } catch {
            throw HomeError(.internal, "cannot keep the server's URLs: \(error)")
        }
    }

    private static func store(in folder: URL) -> JSONFileStore<ServerURLs> {
        JSONFileStore(file: folder.appendingPathComponent(fileName), maximumSize: 16 << 10)
    }
}
