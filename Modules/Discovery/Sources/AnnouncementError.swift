/// Why a server's TXT record cannot be read.
public enum AnnouncementError: Error, Sendable, Equatable, CustomStringConvertible {
    case tooManyEntries(Int)
    case entryTooLong(Int)
    case emptyKey
    case invalidKey
    case invalidValue(String)

    public var description: String {
        switch self {
        case .tooManyEntries(let count): "a TXT record of \(count) entries (at most \(HomeAssistantAnnouncement.maximumEntries) are read)"
        case .entryTooLong(let length): "a TXT entry of \(length) bytes (at most 255)"
        case .emptyKey: "a TXT entry with no key"
        case .invalidKey: "a TXT key that is not printable ASCII"
        case .invalidValue(let key): "the TXT value of \(key) is not UTF-8"
        }
    }
}
