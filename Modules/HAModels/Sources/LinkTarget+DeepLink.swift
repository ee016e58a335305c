import Essentials
import FoundationEssentials

extension LinkTarget {
    /// Reads a link of Home Assistant's apps: `homeassistant://navigate/PATH`,
    /// `homeassistant://call_service/DOMAIN.SERVICE?KEY=VALUE…` and
    /// `homeassistant://fire_event/EVENT?KEY=VALUE…` (values are text, percent-decoded). A link
    /// whose written-out form (``deepLink``, every value percent-encoded) would be longer than
    /// ``maximumLength`` is refused too, so every link read has a key that reads back.
    public init(deepLink text: String) throws(LinkError) {
        let target = try Self.parsed(deepLink: try Self.checkedLength(text))
        if let written = target.deepLink, written.utf8.count > Self.maximumLength { throw .tooLong(written.utf8.count) }
        self = target
    }

    private static func parsed(deepLink link: String) throws(LinkError) -> LinkTarget {
        guard let components = URLComponents(string: link), let scheme = components.scheme?.lowercased() else { throw .notALink(link) }
        guard scheme == Self.scheme else { throw .unsupportedScheme(scheme) }
        let action = components.host ?? ""
        let argument = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        switch action {
        case "navigate":
            return .page(path: try checkedPath("/" + argument), entity: nil)
        case "call_service":
            let parts = argument.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2, isSlug(parts[0]), isSlug(parts[1]) else { throw .invalidService(argument) }
            return .serviceCall(domain: String(parts[0]), service: String(parts[1]), data: try data(components))
        case "fire_event":
            let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-".utf8)
            guard !argument.isEmpty, argument.utf8.count <= 64, argument.utf8.allSatisfy(allowed.contains) else { throw .invalidEvent(argument) }
            return .event(type: argument, data: try data(components))
        default:
            throw .unknownAction(action)
        }
    }

    /// The query's values, percent-decoded here (Foundation's own decoding drops some control
    /// characters); a value that is not UTF-8 or holds a control character is refused.
    private static func data(_ components: URLComponents) throws(LinkError) -> [String: String] {
        let items = components.percentEncodedQueryItems ?? []
        guard items.count <= maximumValues else { throw .tooManyValues(items.count) }
        var data: [String: String] = [:]
        for item in items {
            let key = PercentEncoding.decode(item.name) ?? item.name
            guard isKey(key) else { throw .invalidKey(key) }
            guard let value = PercentEncoding.decode(item.value ?? ""), !value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
                throw .invalidValue(key)
            }
            guard data.updateValue(value, forKey: key) == nil else { throw .duplicateKey(key) }
        }
        return data
    }

    private static func isKey(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 64 && text.unicodeScalars.allSatisfy { ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "_" }
    }
}
