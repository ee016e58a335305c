import Foundation

/// The text form of dates in the database: `2026-11-29T15:00:00.123Z`.
enum DatabaseDateFormat {
    static func string(from date: Date) -> String {
        formatter().string(from: date)
    }

    static func date(from text: String) -> Date? {
        formatter().date(from: text)
    }

    // ISO8601DateFormatter is not Sendable; one per call keeps this safe from any thread.
    private static func formatter() -> ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }
}
