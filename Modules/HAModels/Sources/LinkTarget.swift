import Essentials
import FoundationEssentials

/// Where a link takes the user, read as Home Assistant's apps read a notification's `url`,
/// `clickAction` or action `uri` (``init(notificationLink:server:)``) and a `homeassistant://`
/// link (``init(deepLink:)``).
public enum LinkTarget: Sendable, Equatable {
    /// A page of the server's frontend (`path` starts with `/`), with the more-info dialog of
    /// `entity` open on it when one is given.
    case page(path: String, entity: String?)
    /// A web page that is not the server's, for the browser.
    case browser(String)
    /// The service `domain.service` called with `data`.
    case serviceCall(domain: String, service: String, data: [String: String])
    /// The event `type` fired with `data`.
    case event(type: String, data: [String: String])
    /// Nothing to open (a notification's `noAction`).
    case nothing

    /// Whether following it changes something on the server, so a person confirms it first.
    public var actsOnTheServer: Bool {
        switch self {
        case .serviceCall, .event: true
        case .page, .browser, .nothing: false
        }
    }

    /// The `homeassistant://` link that reads back as this target, its data keys sorted: the
    /// key under which a person's "always allow" is kept. Nil for a browser page and nothing.
    public var deepLink: String? {
        switch self {
        case .page(let path, _): "\(Self.scheme)://navigate\(path)"
        case .serviceCall(let domain, let service, let data): "\(Self.scheme)://call_service/\(domain).\(service)\(Self.query(data))"
        case .event(let type, let data): "\(Self.scheme)://fire_event/\(type)\(Self.query(data))"
        case .browser, .nothing: nil
        }
    }

    /// The scheme of Home Assistant's app links.
    public static let scheme = "homeassistant"
    /// The longest link read (a browser's address bar takes longer ones, but no link of Home
    /// Assistant's needs more).
    public static let maximumLength = 4_096
    /// The most data values a link may carry.
    public static let maximumValues = 32

    private static func query(_ data: [String: String]) -> String {
        guard !data.isEmpty else { return "" }
        func encoded(_ text: String) -> String { PercentEncoding.encode(text, keeping: PercentEncoding.isUnreserved) }
        return "?" + data.keys.sorted().map { "\(encoded($0))=\(encoded(data[$0] ?? ""))" }.joined(separator: "&")
    }
}
