import Essentials
import Foundation

/// The relay's rate-limit day: counters reset at 00:00 UTC, as Home Assistant's relay does.
/// Unix time has no leap seconds and UTC no daylight saving, so a UTC day is always 86,400
/// seconds and its start is plain arithmetic (a `Calendar` costs microseconds per request).
public struct DailyResetSchedule: Sendable {
    private static let day = 86_400.0

    /// Creates the schedule.
    public init() {}

    /// The start of the UTC day `date` falls in: the window its deliveries count toward.
    public func windowStart(containing date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 / Self.day).rounded(.down) * Self.day)
    }

    /// The next 00:00 UTC strictly after `date`: when the window containing it resets.
    public func nextReset(after date: Date) -> Date {
        windowStart(containing: date).addingTimeInterval(Self.day)
    }

    /// `date` as ISO 8601 in UTC with seconds, the form `resetsAt` uses on the wire; written
    /// digit by digit, since every answer of the relay carries one.
    public func iso8601(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        var text: [UInt8] = []
        text.reserveCapacity(20)
        DecimalText.appendDateAndTime(of: parts, to: &text)
        text.append(UInt8(ascii: "Z"))
        return String(decoding: text, as: UTF8.self)
    }
}
