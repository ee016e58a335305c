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

    /// `value` with leading zeros up to `width` digits.
    public static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
