import Essentials
import FoundationEssentials

/// The links a person allowed to act on one server without asking again (`homeassistant://` links
/// that call a service or fire an event, each exactly as written by ``HAModels/LinkTarget/deepLink``),
/// in the server's data folder; gone with the server's folders when the companion signs out.
struct AllowedLinks {
    /// The most links kept; allowing one more forgets the oldest.
    static let capacity = 256
    private let store: JSONFileStore<[String]>

    init(folder: URL) {
        store = JSONFileStore(file: folder.appendingPathComponent("allowed-links.json"), maximumSize: 2 << 20)
    }

    func contains(_ link: String) throws -> Bool {
        try store.load()?.contains(link) ?? false
    }

    func allow(_ link: String) throws {
        try store.update { links in
            var kept = (links ?? []).filter { $0 != link }
            kept.append(link)
            links = Array(kept.suffix(Self.capacity))
        }
    }
}
