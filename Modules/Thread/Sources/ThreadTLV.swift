/// One MeshCoP type-length-value record of a Thread operational dataset.
public struct ThreadTLV: Sendable, Hashable {
    /// The record type; see ``ThreadTLVType`` for the known ones.
    public let type: UInt8
    /// The record's value bytes.
    public let value: [UInt8]

    /// Creates a record.
    public init(type: UInt8, value: [UInt8]) {
        self.type = type
        self.value = value
    }

    /// The known type of this record, if it is one.
    public var knownType: ThreadTLVType? { ThreadTLVType(rawValue: type) }
}
