import FoundationEssentials

extension LinkTarget {
    /// Reads where a notification points, as Home Assistant's apps do: `noAction`; a frontend
    /// path (`/lovelace/0`, or `lovelace/0`); `entityId:ENTITY` (the entity's more-info dialog);
    /// an `http(s)` URL (a page of `server` opens in the window, any other site in the browser);
    /// a `homeassistant://navigate/…` link. A link that would act on the server (call a service,
    /// fire an event) is refused: a click only opens.
    public init(notificationLink text: String, server: URL) throws(LinkError) {
        let link = try Self.checkedLength(text)
        if link == "noAction" {
            self = .nothing
        } else if link.hasPrefix("entityId:") {
            let entity = String(link.dropFirst("entityId:".count))
            guard Self.isEntityID(entity) else { throw .invalidEntity(entity) }
            self = .page(path: "/", entity: entity)
        } else if link.lowercased().hasPrefix("\(Self.scheme):") {
            let target = try LinkTarget(deepLink: link)
            guard !target.actsOnTheServer else { throw .actsOnTheServer(link) }
            self = target
        } else if let colon = link.firstIndex(of: ":"), !link[..<colon].contains("/") {
            let scheme = link[..<colon].lowercased()
            guard scheme == "http" || scheme == "https" else { throw .unsupportedScheme(scheme) }
            guard let url = URL(string: link), let origin = ServerOrigin(url) else { throw .notALink(link) }
            if origin == ServerOrigin(server) {
                self = .page(path: try Self.checkedPath(url.path.isEmpty ? "/" : url.path), entity: nil)
            } else {
                self = .browser(url.absoluteString)
            }
        } else {
            let path = link.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0].split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            self = .page(path: try Self.checkedPath(path.hasPrefix("/") ? String(path) : "/" + path), entity: nil)
        }
    }

    static func checkedLength(_ text: String) throws(LinkError) -> String {
        guard text.utf8.count <= maximumLength else { throw .tooLong(text.utf8.count) }
        let link = text.trimmingSpaces()
        guard !link.isEmpty else { throw .notALink(text) }
        return link
    }

    /// `path` when it is a frontend path: from `/`, not `//` (another host), without spaces or control characters.
    static func checkedPath(_ path: String) throws(LinkError) -> String {
        guard path.hasPrefix("/"), !path.hasPrefix("//"), !path.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F || $0 == "\\" }) else {
            throw .invalidPath(path)
        }
        return path
    }

    /// Whether `text` is an entity id: `domain.object_id`, lowercase letters, digits and underscores.
    public static func isEntityID(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { isSlug($0) } && text.utf8.count <= 255
    }

    static func isSlug(_ text: Substring) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F }
    }
}
