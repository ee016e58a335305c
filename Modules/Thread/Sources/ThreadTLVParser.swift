import Essentials

/// Splits a Thread operational dataset into its MeshCoP TLV records.
public enum ThreadTLVParser {
    /// The largest operational dataset, in bytes (Thread specification: 254).
    public static let maximumDatasetSize = 254

    /// Parses a dataset given as hexadecimal text, as Home Assistant and OpenThread print it.
    public static func parse(hex: String) throws(ThreadTLVError) -> [ThreadTLV] {
        let digits = Array(hex.utf8)
        guard digits.count <= maximumDatasetSize * 2 else {
            throw .tooLarge(size: digits.count / 2, limit: maximumDatasetSize)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        var index = 0
        while index < digits.count {
            guard index + 1 < digits.count, let high = HexDigit.value(digits[index]), let low = HexDigit.value(digits[index + 1]) else {
                let lonelyOrBad = index + 1 == digits.count || HexDigit.value(digits[index]) == nil
                throw .invalidHex(position: lonelyOrBad ? index : index + 1)
            }
            bytes.append(high << 4 | low)
            index += 2
        }
        return try parse(bytes)
    }

    /// Parses a dataset given as bytes.
    public static func parse(_ bytes: [UInt8]) throws(ThreadTLVError) -> [ThreadTLV] {
        guard bytes.count <= maximumDatasetSize else {
            throw .tooLarge(size: bytes.count, limit: maximumDatasetSize)
        }
        var records: [ThreadTLV] = []
        var offset = 0
        while offset < bytes.count {
            guard offset + 2 <= bytes.count else { throw .truncatedHeader(offset: offset) }
            let type = bytes[offset]
            let length = Int(bytes[offset + 1])
            guard length != 0xFF else { throw .extendedLengthNotAllowed(type: type, offset: offset) }
            let start = offset + 2
            guard start + length <= bytes.count else {
                throw .truncatedValue(type: type, offset: offset, declared: length, available: bytes.count - start)
            }
            records.append(ThreadTLV(type: type, value: Array(bytes[start..<start + length])))
            offset = start + length
        }
        return records
    }
}
