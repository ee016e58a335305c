extension SetupPayload {
    /// Reads a manual pairing code: 11 digits, or 21 with the vendor and product id (spaces and
    /// dashes, as printed on labels, are skipped). The first digit holds the vendor-and-product
    /// flag and the discriminator's top two bits; the next five its next two bits and the
    /// passcode's low 14; the next four the passcode's top 13; then the ids; the last digit is the
    /// Verhoeff check digit.
    public init(manualCode text: String) throws(SetupPayloadError) {
        guard text.utf8.count <= Self.maximumCodeLength else { throw .tooLong(text.utf8.count) }
        let kept = text.utf8.filter { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "-") }
        guard !kept.isEmpty, kept.allSatisfy({ (48...57).contains($0) }) else { throw .notACode(text) }
        let digits = kept.map { Int($0) - 48 }
        guard digits.count == 11 || digits.count == 21 else { throw .wrongLength("\(digits.count) digits; a manual pairing code has 11 or 21") }
        guard Verhoeff.isValid(digits) else { throw .badCheckDigit }
        func number(_ range: Range<Int>) -> Int { digits[range].reduce(0) { $0 * 10 + $1 } }
        let first = digits[0]
        guard first <= 7 else { throw .invalidField(field: "version", reason: "the first digit is \(first); codes of this version start with 0 to 7") }
        let long = first & 0b100 != 0
        guard long == (digits.count == 21) else {
            throw .wrongLength("the first digit says \(long ? "21" : "11") digits, the code has \(digits.count)")
        }
        let middle = number(1..<6), last = number(6..<10)
        guard middle < 1 << 16 else { throw .invalidField(field: "passcode", reason: "digits 2 to 6 (\(middle)) are more than 16 bits hold") }
        guard last < 1 << 13 else { throw .invalidField(field: "passcode", reason: "digits 7 to 10 (\(last)) are more than 13 bits hold") }
        let vendor = long ? number(10..<15) : 0, product = long ? number(15..<20) : 0
        guard vendor <= Int(UInt16.max) else { throw .invalidField(field: "vendor_id", reason: "\(vendor) is more than 65535") }
        guard product <= Int(UInt16.max) else { throw .invalidField(field: "product_id", reason: "\(product) is more than 65535") }
        try self.init(
            vendorID: UInt16(vendor), productID: UInt16(product), flow: long ? .custom : .standard,
            shortDiscriminator: UInt8((first & 0b11) << 2 | middle >> 14), passcode: UInt32(last << 14 | middle & 0x3FFF)
        )
    }

    /// The manual pairing code: 21 digits with the vendor and product id when the flow is not
    /// standard (the user then needs the vendor's steps), else 11.
    public var manualCode: String {
        let long = flow != .standard
        let first = (long ? 0b100 : 0) | Int(shortDiscriminator >> 2)
        let middle = Int(shortDiscriminator & 0b11) << 14 | Int(passcode & 0x3FFF)
        let last = Int(passcode >> 14)
        var text = "\(first)" + Self.padded(middle, 5) + Self.padded(last, 4)
        if long { text += Self.padded(Int(vendorID), 5) + Self.padded(Int(productID), 5) }
        return text + "\(Verhoeff.checkDigit(of: text.utf8.map { Int($0) - 48 }))"
    }

    private static func padded(_ number: Int, _ width: Int) -> String {
        let digits = "\(number)"
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
