import Essentials

/// A Thread operational dataset (active or pending): its MeshCoP TLVs in their order, unknown
/// ones included, with typed readers for the fields the specification defines. Decoding checks
/// every known TLV's length and value and refuses duplicates; encoding writes the TLVs back as
/// they came, so a decoded dataset encodes to the same bytes.
public struct OperationalDataset: Sendable, Hashable {
    /// The records, in order.
    public private(set) var records: [ThreadTLV]

    /// Decodes hexadecimal text, as Home Assistant and OpenThread print datasets.
    public init(hex: String) throws(ThreadDatasetError) {
        let records: [ThreadTLV]
        do {
            records = try ThreadTLVParser.parse(hex: hex)
        } catch {
            throw .framing(error)
        }
        try self.init(records: records)
    }

    /// Decodes bytes.
    public init(bytes: [UInt8]) throws(ThreadDatasetError) {
        let records: [ThreadTLV]
        do {
            records = try ThreadTLVParser.parse(bytes)
        } catch {
            throw .framing(error)
        }
        try self.init(records: records)
    }

    /// A dataset of `records`, checked.
    public init(records: [ThreadTLV]) throws(ThreadDatasetError) {
        var seen = Set<UInt8>()
        var offset = 0
        for record in records {
            guard seen.insert(record.type).inserted else { throw .duplicate(type: record.type, offset: offset) }
            try Self.check(record, offset: offset)
            offset += 2 + record.value.count
        }
        guard offset <= ThreadTLVParser.maximumDatasetSize else {
            throw .framing(.tooLarge(size: offset, limit: ThreadTLVParser.maximumDatasetSize))
        }
        self.records = records
    }

    /// The bytes, TLV after TLV.
    public var bytes: [UInt8] { records.flatMap { [$0.type, UInt8($0.value.count)] + $0.value } }

    /// The bytes as lowercase hexadecimal.
    public var hex: String { Hex.encode(bytes) }

    /// Checks that an active dataset has what a border router needs.
    public func requireActive() throws(ThreadDatasetError) {
        let missing = ThreadTLVType.requiredInActiveDataset.filter { value($0) == nil }
        guard missing.isEmpty else { throw .missing(missing) }
    }

    /// The value of a TLV of `type`, if present.
    public func value(_ type: ThreadTLVType) -> [UInt8]? { records.first { $0.type == type.rawValue }?.value }

    /// Replaces (in place) or appends the TLV of `type`; the result is checked.
    public func setting(_ type: ThreadTLVType, _ value: [UInt8]) throws(ThreadDatasetError) -> OperationalDataset {
        var records = self.records
        if let index = records.firstIndex(where: { $0.type == type.rawValue }) {
            records[index] = ThreadTLV(type: type.rawValue, value: value)
        } else {
            records.append(ThreadTLV(type: type.rawValue, value: value))
        }
        return try OperationalDataset(records: records)
    }

    /// Without the TLV of `type`.
    public func removing(_ type: ThreadTLVType) -> OperationalDataset {
        var copy = self
        copy.records.removeAll { $0.type == type.rawValue }
        return copy
    }

    private static func check(_ record: ThreadTLV, offset: Int) throws(ThreadDatasetError) {
        guard let type = record.knownType else { return }
        let length = record.value.count
        if let fixed = type.fixedLength, length != fixed {
            throw .wrongLength(type: record.type, offset: offset, length: length, expected: "\(fixed)")
        }
        switch type {
        case .networkName:
            guard (1...16).contains(length) else { throw .wrongLength(type: record.type, offset: offset, length: length, expected: "1 to 16") }
            guard String(validating: record.value, as: UTF8.self) != nil else {
                throw .invalidValue(type: record.type, offset: offset, reason: "the network name is not UTF-8")
            }
        case .securityPolicy:
            guard length == 3 || length == 4 else { throw .wrongLength(type: record.type, offset: offset, length: length, expected: "3 or 4") }
        case .channelMask:
            guard ChannelMaskEntry.entries(record.value) != nil else {
                throw .invalidValue(type: record.type, offset: offset, reason: "a channel mask entry runs past the TLV")
            }
        case .panID:
            guard record.value != [0xFF, 0xFF] else { throw .invalidValue(type: record.type, offset: offset, reason: "PAN ID 0xFFFF is the broadcast PAN") }
        default:
            break
        }
    }
}
