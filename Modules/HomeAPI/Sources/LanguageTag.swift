import FoundationEssentials

/// A BCP-47 language tag such as `de` or `en-GB`: how a locale is persisted to the server.
struct LanguageTag: Sendable, Hashable, CustomStringConvertible {
    let text: String

    /// The tag of `locale`; nil when it has no language (`und`) or is not well formed, or when
    /// this process cannot tell (``localesWork``).
    init?(_ locale: Locale) {
        guard Self.localesWork else { return nil }
        self.init(text: locale.identifier(.bcp47))
    }

    /// Whether `Locale` knows languages in this process: it does where Foundation's
    /// internationalization is linked (a program that imports Foundation); with
    /// FoundationEssentials alone (as `home`), every locale reads as `en-001`, so a caller names
    /// the language by its tag instead (``HomeClient/setLanguage(_:)``).
    static let localesWork = Locale(identifier: "de").identifier(.bcp47) == "de"

    /// `text` when it is a well-formed tag: a 2–8 letter language, then 1–8 character subtags.
    init?(text: String) {
        let subtags = text.split(separator: "-", omittingEmptySubsequences: false)
        guard let language = subtags.first, (2...8).contains(language.count), language.allSatisfy(\.isASCIILetter), language != "und",
              subtags.dropFirst().allSatisfy({ (1...8).contains($0.count) && $0.allSatisfy(\.isASCIIAlphanumeric) }) else {
            return nil
        }
        self.text = text
    }

    var locale: Locale { Locale(identifier: text) }

    var description: String { text }
}
