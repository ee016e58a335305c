import FoundationEssentials

/// A BCP-47 language tag such as `de` or `en-GB`: how a locale is persisted to the server.
struct LanguageTag: Sendable, Hashable, CustomStringConvertible {
    let text: String

    /// The tag of `locale`; nil when it has no language (`und`) or is not well formed.
    init?(_ locale: Locale) {
        self.init(text: locale.identifier(.bcp47))
    }

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
