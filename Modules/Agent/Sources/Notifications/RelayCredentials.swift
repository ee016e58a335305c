import Essentials
import FoundationEssentials

/// What a push relay issued to this machine, kept per server in its data folder (0600): the
/// relay's `/push/send` URL, the push token Home Assistant is given, and the stream secret only
/// this machine holds (it opens `/push/stream` and acknowledges notifications).
public struct RelayCredentials: Codable, Sendable, Equatable {
    public let pushURL: String
    public let pushToken: String
    public let streamSecret: String

    static let fileName = "relay.json"

    public init(pushURL: String, pushToken: String, streamSecret: String) {
        self.pushURL = pushURL
        self.pushToken = pushToken
        self.streamSecret = streamSecret
    }

    public static func load(from folder: URL) throws -> RelayCredentials? {
        try store(in: folder).load()
    }

    public func save(to folder: URL) throws {
        try Self.store(in: folder).save(self)
    }

    /// The file of the credentials in `folder`.
    public static func store(in folder: URL) -> JSONFileStore<RelayCredentials> {
        JSONFileStore(file: folder.appendingPathComponent(fileName))
    }

    /// The relay's sibling endpoint `path` (such as `/push/stream`), or nil when `pushURL` is not
    /// a relay's `/push/send`.
    public static func endpoint(_ path: String, besides pushURL: String) -> URL? {
        guard pushURL.hasSuffix("/push/send") else { return nil }
        return URL(string: String(pushURL.dropLast("/push/send".count)) + path)
    }

    /// Whether `pushURL` would carry the stream secret in clear text to another machine: `http://`
    /// to anything but a loopback host (`localhost`, 127.0.0.0/8, ::1).
    public static func isCleartextToAnotherMachine(_ pushURL: String) -> Bool {
        guard let url = URL(string: pushURL), url.scheme?.lowercased() == "http" else { return false }
        let host = (url.host ?? "").lowercased().trimming(charactersIn: "[]")
        return !(host == "localhost" || host == "::1" || (host.hasPrefix("127.") && host.split(separator: ".").count == 4))
    }
}
