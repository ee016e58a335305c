/// Why a link cannot be followed; each case names the part that is wrong.
public enum LinkError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Longer than ``LinkTarget/maximumLength`` bytes, as given or written out with its values percent-encoded.
    case tooLong(Int)
    /// Not a URL, a frontend path or one of Home Assistant's link forms.
    case notALink(String)
    /// A scheme this companion does not open (an Android intent, an app link).
    case unsupportedScheme(String)
    /// A `homeassistant://` link whose action is not `navigate`, `call_service` or `fire_event`.
    case unknownAction(String)
    /// A frontend path that is not one (`//host`, control characters).
    case invalidPath(String)
    /// An entity id that is not `domain.object_id`.
    case invalidEntity(String)
    /// A service that is not `domain.service` in lowercase letters, digits and underscores.
    case invalidService(String)
    /// An event type that is empty, longer than 64 characters, or has characters events never have.
    case invalidEvent(String)
    /// A data key that is not letters, digits and underscores.
    case invalidKey(String)
    /// A data value that is not UTF-8 text or holds a control character.
    case invalidValue(String)
    /// The same data key twice.
    case duplicateKey(String)
    /// More than ``LinkTarget/maximumValues`` data values.
    case tooManyValues(Int)
    /// A link that would act on the server where only opening a page is allowed (a notification's click).
    case actsOnTheServer(String)

    public var description: String {
        switch self {
        case .tooLong(let length): "the link takes \(length) bytes written out; at most \(LinkTarget.maximumLength) are read"
        case .notALink(let text): "'\(text)' is not a link: give a frontend path (/lovelace/0), an http(s) URL, entityId:ENTITY or a homeassistant:// link"
        case .unsupportedScheme(let scheme): "links of the '\(scheme)' scheme are not opened on this computer"
        case .unknownAction(let action): "homeassistant://\(action) is not a link Home Assistant's apps take: use navigate, call_service or fire_event"
        case .invalidPath(let path): "'\(path)' is not a frontend path such as /lovelace/0"
        case .invalidEntity(let entity): "'\(entity)' is not an entity id such as light.kitchen"
        case .invalidService(let service): "'\(service)' is not a service such as light.turn_on"
        case .invalidEvent(let event): "'\(event)' is not an event type (letters, digits, '_', '.', '-'; at most 64)"
        case .invalidKey(let key): "'\(key)' is not a data key (letters, digits and '_')"
        case .invalidValue(let key): "the value of '\(key)' is not text (it is not UTF-8 or has control characters)"
        case .duplicateKey(let key): "the link gives '\(key)' twice"
        case .tooManyValues(let count): "the link carries \(count) values; at most \(LinkTarget.maximumValues) are taken"
        case .actsOnTheServer(let link): "\(link) acts on the server; only pages open from here"
        }
    }
}
