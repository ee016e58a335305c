extension String {
    /// The string with every terminal control character made visible (`\u{1B}` as `\x1B`, C1
    /// controls as `\u{9B}`), except newline and tab: text from a server or a notification
    /// printed this way cannot move the cursor, retitle the window or rewrite what was printed.
    public var terminalSafe: String {
        guard unicodeScalars.contains(where: Self.isControl) else { return self }
        var result = ""
        for scalar in unicodeScalars {
            if Self.isControl(scalar) {
                result += scalar.value < 0x80 ? "\\x" + Self.hex(scalar.value) : "\\u{" + Self.hex(scalar.value) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00..<0x20, 0x7F..<0xA0: true
        default: false
        }
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return digits.count < 2 ? "0" + digits : digits
    }
}
