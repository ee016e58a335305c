/// Why an onboarding payload was refused; each case names what is wrong.
public enum SetupPayloadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Longer than ``SetupPayload/maximumCodeLength`` characters.
    case tooLong(Int)
    /// Neither a QR code (`MT:…`) nor a manual pairing code (11 or 21 digits).
    case notACode(String)
    /// A QR code's characters are not base38.
    case invalidBase38(String)
    /// The code has the wrong length for what it says it is.
    case wrongLength(String)
    /// A manual pairing code whose last digit is not the Verhoeff check digit of the others.
    case badCheckDigit
    /// A field holds a value the specification does not allow.
    case invalidField(field: String, reason: String)
    /// The optional TLV data of a QR code is not the TLV a QR code carries.
    case invalidOptionalData(String)

    public var description: String {
        switch self {
        case .tooLong(let count): "the code is \(count) characters long; at most \(SetupPayload.maximumCodeLength) are read"
        case .notACode(let text): "'\(text)' is not a Matter setup code: give the QR code's text (MT:…) or the 11 or 21 digit manual pairing code"
        case .invalidBase38(let why): "the QR code is not valid base38: \(why)"
        case .wrongLength(let why): "the code has the wrong length: \(why)"
        case .badCheckDigit: "the manual pairing code's check digit is wrong: a digit was mistyped"
        case .invalidField(let field, let reason): "field '\(field)': \(reason)"
        case .invalidOptionalData(let why): "the QR code's optional data is not valid TLV: \(why)"
        }
    }
}
