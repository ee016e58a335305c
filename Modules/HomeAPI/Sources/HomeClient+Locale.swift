import FoundationEssentials

extension HomeClient {
    /// Sets the locale. Before a session it is kept in memory (and saved for the user at
    /// sign-in); during a session it is also persisted as a BCP-47 tag to the server for the
    /// user. If that fails, this throws and the previous locale is back in place.
    public func setLocale(_ locale: Locale?) async throws {
        _ = try configuration()
        let tag = try locale.map { locale throws(HomeError) -> LanguageTag in
            guard LanguageTag.localesWork else {
                throw .invalidField("locale", "this program cannot read a Locale's language (it links FoundationEssentials alone); pass its tag to setLanguage(_:)")
            }
            guard let tag = LanguageTag(locale) else {
                throw .invalidField("locale", "'\(locale.identifier)' is not a BCP-47 language tag (such as en-US)")
            }
            return tag
        }
        try await setLanguage(tag)
    }

    /// As ``setLocale(_:)``, the language given by its BCP-47 tag (`nl`, `en-GB`); nil forgets it.
    public func setLanguage(_ text: String?) async throws {
        _ = try configuration()
        let tag = try text.map { text throws(HomeError) -> LanguageTag in
            guard let tag = LanguageTag(text: text) else { throw .invalidField("locale", "'\(text)' is not a BCP-47 language tag (such as en-US)") }
            return tag
        }
        try await setLanguage(tag)
    }

    private func setLanguage(_ tag: LanguageTag?) async throws {
        let (previous, active) = state.withLock { state in
            defer { state.locale = tag }
            return (state.locale, state.active)
        }
        guard let active else { return }
        do {
            try await active.persistLocale(tag)
        } catch {
            state.withLock { state in
                if state.locale == tag { state.locale = previous }
            }
            throw error
        }
    }

    /// The locale in memory, or nil when none is set.
    public func getLocale() throws -> Locale? {
        _ = try configuration()
        return state.withLock { $0.locale }?.locale
    }

    /// The language in memory as its BCP-47 tag, or nil when none is set.
    public func getLanguage() throws -> String? {
        _ = try configuration()
        return state.withLock { $0.locale }?.text
    }
}
