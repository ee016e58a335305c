import Essentials
import FoundationEssentials
import Glibc

/// The text form of dates in the database: `2026-11-29T15:00:00.123Z`, UTC with milliseconds.
///
/// Formatted and parsed by hand: `ISO8601DateFormatter` is not Sendable and costs more to
/// create than a whole outbox write, and this fixed form needs none of its generality.
enum DatabaseDateFormat {
    static func string(from date: Date) -> String {
        let milliseconds = (date.timeIntervalSince1970 * 1_000).rounded(.down)
        var seconds = time_t(Int64((milliseconds / 1_000).rounded(.down)))
        let fraction = Int(milliseconds - Double(seconds) * 1_000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        var text: [UInt8] = []
        text.reserveCapacity(24)
        DecimalText.appendDateAndTime(of: parts, to: &text)
        text.append(UInt8(ascii: "."))
        DecimalText.append(fraction, width: 3, to: &text)
        text.append(UInt8(ascii: "Z"))
        return String(decoding: text, as: UTF8.self)
    }

    static func date(from text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 24, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"), bytes[19] == UInt8(ascii: "."),
              bytes[23] == UInt8(ascii: "Z"),
              let year = DecimalText.number(bytes[0..<4]), let month = DecimalText.number(bytes[5..<7]), let day = DecimalText.number(bytes[8..<10]),
              let hour = DecimalText.number(bytes[11..<13]), let minute = DecimalText.number(bytes[14..<16]), let second = DecimalText.number(bytes[17..<19]),
              let millisecond = DecimalText.number(bytes[20..<23]),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        let seconds = DecimalText.secondsSinceEpoch(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        return Date(timeIntervalSince1970: Double(seconds) + Double(millisecond) / 1_000)
    }
}
