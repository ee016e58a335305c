import Essentials

/// Gathers an event's parts as ``EntitiesEvent/init(reading:)`` decodes them.
struct EntitiesEventCollector: EntitiesEventHandler {
    var added: [String: CompressedEntityState]?
    var changed: [String: CompressedEntityDiff]?
    var removed: [String]?

    mutating func begin(_ part: EntitiesEventPart) {
        switch part {
        case .added: added = added ?? [:]
        case .changed: changed = changed ?? [:]
        case .removed: removed = removed ?? []
        }
    }

    mutating func add(_ id: String, _ reader: inout JSONReader) throws(JSONParseError) {
        added?[id] = try CompressedEntityState(reading: &reader)
    }

    mutating func change(_ id: UnsafeBufferPointer<UInt8>, _ reader: inout JSONReader) throws(JSONParseError) {
        changed?[String(decoding: id, as: UTF8.self)] = try CompressedEntityDiff(reading: &reader)
    }

    mutating func remove(_ id: String) {
        removed?.append(id)
    }
}
