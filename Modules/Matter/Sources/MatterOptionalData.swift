/// The optional data after a QR code's 88 bits: one anonymous TLV structure whose elements have
/// context tags (0 the serial number; 0x80 to 0xFF the vendor's own) and plain values. Read and
/// written here with Matter's TLV encoding: a control byte (tag form in the top three bits, type
/// in the low five), a one-byte context tag, then the value (integers little-endian, strings and
/// byte strings after their length).
public enum MatterOptionalData {
    /// The context tag of the serial number.
    public static let serialNumberTag: UInt8 = 0
    /// The most elements read.
    static let maximumElements = 64

    /// The elements of `bytes`; refuses anything but the structure described above.
    public static func read(_ bytes: [UInt8]) throws(SetupPayloadError) -> [UInt8: MatterTLVValue] {
        var reader = Reader(bytes: bytes)
        guard try reader.byte() == 0x15 else { throw .invalidOptionalData("it does not start with an anonymous structure") }
        var elements: [UInt8: MatterTLVValue] = [:]
        while true {
            let control = try reader.byte()
            if control == 0x18 { break }
            guard control >> 5 == 1 else { throw .invalidOptionalData("an element without a context tag (control 0x\(String(control, radix: 16)))") }
            let tag = try reader.byte()
            guard elements[tag] == nil else { throw .invalidOptionalData("the tag \(tag) twice") }
            guard elements.count < maximumElements else { throw .invalidOptionalData("more than \(maximumElements) elements") }
            elements[tag] = try reader.value(type: control & 0x1F)
        }
        guard reader.index == bytes.count else { throw .invalidOptionalData("\(bytes.count - reader.index) bytes after the structure") }
        return elements
    }

    /// The TLV bytes of `elements`, in tag order, each integer in its narrowest width.
    public static func write(_ elements: [UInt8: MatterTLVValue]) -> [UInt8] {
        var bytes: [UInt8] = [0x15]
        for tag in elements.keys.sorted() {
            guard let value = elements[tag] else { continue }
            switch value {
            case .unsigned(let number):
                let width = number <= 0xFF ? 0 : number <= 0xFFFF ? 1 : number <= 0xFFFF_FFFF ? 2 : 3
                bytes += [0x20 | 0x04 | UInt8(width), tag] + littleEndian(number, bytes: 1 << width)
            case .signed(let number):
                let width = Int64(Int8.min)...Int64(Int8.max) ~= number ? 0 : Int64(Int16.min)...Int64(Int16.max) ~= number ? 1 : Int64(Int32.min)...Int64(Int32.max) ~= number ? 2 : 3
                bytes += [0x20 | UInt8(width), tag] + littleEndian(UInt64(bitPattern: number), bytes: 1 << width)
            case .bool(let flag):
                bytes += [0x20 | (flag ? 0x09 : 0x08), tag]
            case .string(let text):
                bytes += lengthPrefixed(Array(text.utf8), type: 0x0C, tag: tag)
            case .bytes(let data):
                bytes += lengthPrefixed(data, type: 0x10, tag: tag)
            }
        }
        return bytes + [0x18]
    }

    private static func lengthPrefixed(_ data: [UInt8], type: UInt8, tag: UInt8) -> [UInt8] {
        let width = data.count <= 0xFF ? 0 : data.count <= 0xFFFF ? 1 : 2
        return [0x20 | type | UInt8(width), tag] + littleEndian(UInt64(data.count), bytes: 1 << width) + data
    }

    private static func littleEndian(_ value: UInt64, bytes: Int) -> [UInt8] {
        (0..<bytes).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        mutating func byte() throws(SetupPayloadError) -> UInt8 {
            guard index < bytes.count else { throw .invalidOptionalData("it ends inside an element (byte \(index + 1))") }
            defer { index += 1 }
            return bytes[index]
        }

        mutating func integer(bytes count: Int) throws(SetupPayloadError) -> UInt64 {
            var value: UInt64 = 0
            for offset in 0..<count { value |= UInt64(try byte()) << (8 * UInt64(offset)) }
            return value
        }

        mutating func value(type: UInt8) throws(SetupPayloadError) -> MatterTLVValue {
            switch type {
            case 0x00...0x03:
                let width = 1 << Int(type)
                let raw = try integer(bytes: width)
                let shift = UInt64(64 - 8 * width)
                return .signed(Int64(bitPattern: raw << shift) >> Int64(shift))
            case 0x04...0x07: return .unsigned(try integer(bytes: 1 << Int(type - 0x04)))
            case 0x08, 0x09: return .bool(type == 0x09)
            case 0x0C...0x0F, 0x10...0x13:
                let isText = type < 0x10
                let length = try integer(bytes: 1 << Int((type - (isText ? 0x0C : 0x10))))
                guard length <= UInt64(bytes.count - index) else { throw .invalidOptionalData("a string of \(length) bytes where \(bytes.count - index) are left") }
                let data = Array(bytes[index..<index + Int(length)])
                index += Int(length)
                guard isText else { return .bytes(data) }
                guard let text = String(validating: data, as: UTF8.self) else { throw .invalidOptionalData("a string that is not UTF-8") }
                return .string(text)
            default:
                throw .invalidOptionalData("an element of type 0x\(String(type, radix: 16)), which a QR code does not carry")
            }
        }
    }
}
