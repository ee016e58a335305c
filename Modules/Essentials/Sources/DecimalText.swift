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

    /// `value` with leading zeros up to `width` digits.
    public static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
