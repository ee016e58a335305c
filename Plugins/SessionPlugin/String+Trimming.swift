import Foundation

extension String {
    /// The string without white space at either end.
    var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
