import Essentials
import FoundationEssentials
import Networking

extension Home {
    /// The key of the user's language in Home Assistant's frontend user data.
    static let languageKey = "language"

    /// Sets the shared client's locale (``HomeClient/setLocale(_:)``).
    public static func setLocale(_ locale: Locale?) async throws {
        try await HomeClient.shared.setLocale(locale)
    }

    /// The shared client's locale in memory, or nil when none is set.
    public static func getLocale() throws -> Locale? {
        try HomeClient.shared.getLocale()
    }

    /// Sets the shared client's language by its BCP-47 tag (``HomeClient/setLanguage(_:)``).
    public static func setLanguage(_ tag: String?) async throws {
        try await HomeClient.shared.setLanguage(tag)
    }

    /// The shared client's language in memory as its BCP-47 tag, or nil when none is set.
    public static func getLanguage() throws -> String? {
        try HomeClient.shared.getLanguage()
    }

    /// The locale persisted on the server for the user, which also becomes the one in memory.
    public func persistedLocale() async throws -> Locale? {
        try await persistedLanguageTag()?.locale
    }

    /// The language persisted on the server for the user as its BCP-47 tag, which also becomes
    /// the one in memory.
    public func persistedLanguage() async throws -> String? {
        try await persistedLanguageTag()?.text
    }

    private func persistedLanguageTag() async throws -> LanguageTag? {
        let tag = try await perform {
            try await withConnection { connection -> LanguageTag? in
                guard case .string(let text)? = try await languageData(on: connection)["language"] else { return nil }
                return LanguageTag(text: text)
            }
        }
        if let tag { client.state.withLock { $0.locale = tag } }
        return tag
    }

    /// Writes `tag` into the user's language data, keeping its other fields (number and time formats).
    func persistLocale(_ tag: LanguageTag?) async throws {
        try await perform {
            try await withConnection { connection in
                var value = try await languageData(on: connection)
                value[Self.languageKey] = tag.map { .string($0.text) }
                _ = try await connection.send("frontend/set_user_data", ["key": .string(Self.languageKey), "value": .object(value)])
            }
        }
    }

    private func languageData(on connection: HomeAssistantConnection) async throws -> [String: JSONValue] {
        let answer = try await connection.send("frontend/get_user_data", ["key": .string(Self.languageKey)])
        return answer.objectValue?["value"]?.objectValue ?? [:]
    }
}
