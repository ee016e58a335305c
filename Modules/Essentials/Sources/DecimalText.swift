import FoundationEssentials
import Glibc

/// The fixed-width decimal fields of hand-written date formats (Home Assistant's timestamps, the
/// database's dates), read and written without a formatter.
public enum DecimalText {
    /// The value of ASCII digits; nil when any byte is not a digit.
    public static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for digit in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
            value = value * 10 + Int(digit - UInt8(ascii: "0"))
        }
        return value
    }

    /// Appends `value` (not negative) to `output` with leading zeros up to `width` digits, without
    /// making a String: for formats written on every answer.
    public static func append(_ value: Int, width: Int, to output: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<max(1, width) { divisor *= 10 }
        while value / divisor >= 10 { divisor *= 10 }
        while divisor > 0 {
            output.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }

    /// Appends the calendar date and time of `parts` as `YYYY-MM-DDTHH:MM:SS` (a year before 0,
    /// which none of these formats meets, as 0000).
    public static func appendDateAndTime(of parts: tm, to output: inout [UInt8]) {
        append(max(0, Int(parts.tm_year) + 1_900), width: 4, to: &output)
        for (separator, value) in [(UInt8(ascii: "-"), parts.tm_mon + 1), (UInt8(ascii: "-"), parts.tm_mday), (UInt8(ascii: "T"), parts.tm_hour),
                                   (UInt8(ascii: ":"), parts.tm_min), (UInt8(ascii: ":"), parts.tm_sec)] {
            output.append(separator)
            append(Int(value), width: 2, to: &output)
        }
    }

    /// Seconds since 1970 of a UTC calendar date and time, as the fields of a parsed timestamp
    /// give them (month 1 to 12).
    public static func secondsSinceEpoch(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> Int {
        var parts = tm()
        parts.tm_year = Int32(year - 1_900)
        parts.tm_mon = Int32(month - 1)
        parts.tm_mday = Int32(day)
        parts.tm_hour = Int32(hour)
        parts.tm_min = Int32(minute)
        parts.tm_sec = Int32(second)
        return Int(timegm(&parts))
    }
}
