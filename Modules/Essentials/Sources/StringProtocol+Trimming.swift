/// Trimming without Foundation's `CharacterSet` (which would link Foundation and ICU).
extension StringProtocol {
    /// Without the spaces and tabs at either end (Unicode's space separators included, as
    /// Foundation's `.whitespaces`), line ends kept.
    public func trimmingSpaces() -> String {
        trimming(where: { $0.isWhitespace && !$0.isNewline })
    }

    /// Without the white space and line ends at either end (Foundation's
    /// `.whitespacesAndNewlines`).
    public func trimmingWhitespace() -> String {
        trimming(where: \.isWhitespace)
    }

    /// Without any of `characters` at either end.
    public func trimming(charactersIn characters: String) -> String {
        trimming(where: { characters.contains($0) })
    }

    /// Without the characters at either end for which `isTrimmed` holds.
    public func trimming(where isTrimmed: (Character) -> Bool) -> String {
        guard let first = firstIndex(where: { !isTrimmed($0) }), let last = lastIndex(where: { !isTrimmed($0) }) else { return "" }
        return String(self[first...last])
    }
}
