import Essentials
import Foundation
import Networking

extension Home {
    /// The key of the user's language in Home Assistant's frontend user data.
    static let languageKey = "language"

    /// Sets the locale. Before a session it is kept in memory (and saved for the user at
    /// sign-in); during a session it is also persisted as a BCP-47 tag to the server for the
    /// user. If that fails, this throws and the previous locale is back in place.
    public static func setLocale(_ locale: Locale?) async throws {
        _ = try HomeRuntime.configuration()
        let tag = try locale.map { locale throws(HomeError) -> LanguageTag in
            guard let tag = LanguageTag(locale) else {
                throw .invalidField("locale", "'\(locale.identifier)' is not a BCP-47 language tag (such as en-US)")
            }
            return tag
        }
        let (previous, active) = HomeRuntime.state.withLock { state in
            defer { state.locale = tag }
            return (state.locale, state.active)
        }
        guard let active else { return }
        do {
            try await active.persistLocale(tag)
        } catch {
            HomeRuntime.state.withLock { state in
                if state.locale == tag { state.locale = previous }
            }
            throw error
        }
    }

    /// The locale in memory, or nil when none is set.
    public static func getLocale() throws -> Locale? {
        _ = try HomeRuntime.configuration()
        return HomeRuntime.state.withLock { $0.locale }?.locale
    }

    /// The locale persisted on the server for the user, which also becomes the one in memory.
    public func persistedLocale() async throws -> Locale? {
        let tag = try await perform {
            try await withConnection { connection -> LanguageTag? in
                guard case .string(let text)? = try await languageData(on: connection)["language"] else { return nil }
                return LanguageTag(text: text)
            }
        }
        if let tag { HomeRuntime.state.withLock { $0.locale = tag } }
        return tag?.locale
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
