import Essentials
import FoundationEssentials
import Networking
import Transport

/// Downloads a notification's `data.image` to the cache for the desktop to show: a path on the
/// server (`/api/camera_proxy/camera.door`, `/media/local/…`) with the session's token, or an
/// `https://` URL elsewhere without it. At most ``maximumBytes``, only `image/*` answers, files
/// 0600 in a folder 0700, the newest ``keptCount`` kept. A failure is logged and the
/// notification is shown without its image.
public struct NotificationImages: Sendable {
    /// The largest image downloaded.
    public static let maximumBytes = 10 << 20
    /// How many downloaded images are kept.
    public static let keptCount = 50

    let server: ServerAddress
    let tokens: any TokenProvider
    let folder: URL
    let http: HTTPClient
    let logger: Logger

    public init(server: ServerAddress, tokens: any TokenProvider, folder: URL, http: HTTPClient = HTTPClient(), logger: Logger) {
        self.server = server
        self.tokens = tokens
        self.folder = folder
        self.http = http
        self.logger = logger
    }

    /// The image of notification `id` in the cache, or nil when it has none or it could not be had.
    func fetch(_ image: String, id: Int64) async -> URL? {
        do {
            return try await download(image, id: id)
        } catch {
            logger.warning("notification \(id): its image was not downloaded: \(error)")
            return nil
        }
    }

    private func download(_ image: String, id: Int64) async throws -> URL {
        let (url, authorized) = try resolve(image)
        var headers: [(name: String, value: String)] = []
        if authorized {
            let token = try await tokens.accessToken(forceRefresh: false)
            headers.append((name: "Authorization", value: "Bearer \(token)"))
        }
        let response: HTTPResponse
        do {
            response = try await http.send(HTTPRequest("GET", url, headers: headers), maximumBodySize: Self.maximumBytes)
        } catch {
            throw error.kind == .tooLarge ? NotificationImageError(description: "larger than \(Self.maximumBytes >> 20) MiB") : NotificationImageError(description: error.message)
        }
        guard response.status == 200 else { throw NotificationImageError(description: "the server answered \(response.status)") }
        let type = response.headers["content-type"] ?? ""
        guard type.hasPrefix("image/") else { throw NotificationImageError(description: "not an image (\(type.isEmpty ? "no content type" : type))") }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let file = folder.appendingPathComponent("\(id).\(Self.fileExtension(type))")
        guard FileManager.default.createFile(atPath: file.path, contents: Data(response.body), attributes: [.posixPermissions: 0o600]) else {
            throw NotificationImageError(description: "cannot write \(file.path)")
        }
        prune()
        return file
    }

    /// The URL to fetch, and whether the session's token goes with it (only to the server itself).
    func resolve(_ image: String) throws -> (URL, Bool) {
        if image.hasPrefix("/"), !image.hasPrefix("//") {
            return (server.url(path: image), true)
        }
        guard let url = URL(string: image), let scheme = url.scheme?.lowercased(), url.host != nil else {
            throw NotificationImageError(description: "'\(image)' is neither a path on the server nor a URL")
        }
        let base = server.baseURL
        if scheme == base.scheme?.lowercased(), url.host?.lowercased() == base.host?.lowercased(), url.port == base.port {
            return (url, true)
        }
        guard scheme == "https" else { throw NotificationImageError(description: "only https:// images are fetched from other hosts") }
        return (url, false)
    }

    private static func fileExtension(_ type: String) -> String {
        switch type.split(separator: ";")[0].trimmingSpaces() {
        case "image/jpeg", "image/jpg": "jpg"
        case "image/png": "png"
        case "image/gif": "gif"
        case "image/webp": "webp"
        default: "img"
        }
    }

    /// Removes all but the newest ``keptCount`` images.
    private func prune() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        guard names.count > Self.keptCount else { return }
        let files = names.map { folder.appendingPathComponent($0) }
        let dated = files.map { ($0, (try? FileManager.default.attributesOfItem(atPath: $0.path)[.modificationDate] as? Date) ?? .distantPast) }
        for (file, _) in dated.sorted(by: { $0.1 > $1.1 }).dropFirst(Self.keptCount) { try? FileManager.default.removeItem(at: file) }
    }
}
