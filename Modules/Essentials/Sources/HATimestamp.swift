import FoundationEssentials
import Glibc

/// Home Assistant's timestamps: Python's `isoformat()` of a UTC datetime,
/// `2024-03-20T10:11:12.123456+00:00`, with the fraction left out when it is zero.
///
/// Parsed and written by hand to the microsecond, so a state decoded and encoded again
/// carries the very same text.
public enum HATimestamp {
    /// The date as Home Assistant writes it.
    public static func string(from date: Date) -> String {
        let total = (date.timeIntervalSince1970 * 1_000_000).rounded()
        var seconds = time_t((total / 1_000_000).rounded(.down))
        let micro = Int(total - Double(seconds) * 1_000_000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        var text: [UInt8] = []
        text.reserveCapacity(32)
        DecimalText.appendDateAndTime(of: parts, to: &text)
        if micro != 0 {
            text.append(UInt8(ascii: "."))
            DecimalText.append(micro, width: 6, to: &text)
        }
        text.append(contentsOf: "+00:00".utf8)
        return String(decoding: text, as: UTF8.self)
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS[.f…][Z|±HH:MM]`; nil for anything else.
    public static func date(from text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 19, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              let year = DecimalText.number(bytes[0..<4]), let month = DecimalText.number(bytes[5..<7]), let day = DecimalText.number(bytes[8..<10]),
              let hour = DecimalText.number(bytes[11..<13]), let minute = DecimalText.number(bytes[14..<16]), let second = DecimalText.number(bytes[17..<19]),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        var index = 19
        var fraction = ""
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let start = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            guard index > start else { return nil }
            fraction = String(decoding: bytes[start..<index], as: UTF8.self)
        }
        var offset = 0
        if index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "Z"):
                index += 1
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                guard bytes.count == index + 6, bytes[index + 3] == UInt8(ascii: ":"),
                      let hours = DecimalText.number(bytes[index + 1..<index + 3]), let minutes = DecimalText.number(bytes[index + 4..<index + 6]) else { return nil }
                offset = (hours * 3_600 + minutes * 60) * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
                index += 6
            default:
                return nil
            }
        }
        guard index == bytes.count else { return nil }
        // Parsed as one decimal, so the result is the same double as the number form of the
        // timestamp (`lc` in compressed states) for the same instant.
        let seconds = DecimalText.secondsSinceEpoch(year: year, month: month, day: day, hour: hour, minute: minute, second: second) - offset
        let text = fraction.isEmpty ? "\(seconds)" : seconds >= 0 ? "\(seconds).\(fraction)" : nil
        guard let interval = text.flatMap(Double.init) ?? Double("0.\(fraction)").map({ Double(seconds) + $0 }) else { return nil }
        return Date(timeIntervalSince1970: interval)
    }
}
