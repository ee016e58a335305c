import Foundation

extension String {
    /// The string without trailing spaces.
    func trimmingTrailingSpaces() -> String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }

    /// The string without white space at either end.
    var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
