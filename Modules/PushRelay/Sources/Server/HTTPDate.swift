import Foundation

/// The `Date` field's value (RFC 9110's IMF-fixdate, `Tue, 01 Dec 2026 19:00:00 GMT`), made again
/// only when the second changes: one per event loop, so no answer formats a date.
struct HTTPDate {
    private var second: time_t = -1
    private var text: [UInt8] = []

    mutating func value() -> [UInt8] {
        let now = time(nil)
        guard now != second else { return text }
        second = now
        var seconds = now
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let day = Self.days[Int(parts.tm_wday)], month = Self.months[Int(parts.tm_mon)]
        text = Array("\(day), \(two(parts.tm_mday)) \(month) \(parts.tm_year + 1900) \(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT".utf8)
        return text
    }

    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}
