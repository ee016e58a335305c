// Fuzz target `entities`: the entity mirror (compact states, patched from the event's bytes)
// against the decoded model (`EntitiesEvent(reading:)` and `EntityState.applying`). An input is
// `subscribe_entities` events, one per line, the first a snapshot. After each event both must
// hold the same states; the mirror never refuses an event the decoded reader takes (it may take
// more: a diff of an unknown entity is only stepped over). The comparison stops at the first
// event the decoded reader refuses, or whose result the two may rightly disagree on: parts out of
// the a/c/r order the model applies them in, or an object that names a key twice (RFC 8259 leaves
// that undefined: the mirror applies a diff's members as they come, the decoded model keeps the last).
import Essentials
import Foundation
import HAModels

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEntities(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let mirror = EntityMirror()
    var model: [String: EntityState] = [:]
    for line in UnsafeBufferPointer(start: data, count: size).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
        let bytes = Array(line)
        let decoded = bytes.withUnsafeBufferPointer { buffer in try? EntitiesEvent(reading: buffer) }
        let applied = bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(buffer)
            return mirror.receive(&reader) && (try? reader.end()) != nil
        }
        guard let decoded, comparable(bytes) else { return 0 }
        guard applied else { fatalError("the mirror refused an event the decoded reader read") }
        for (id, compressed) in decoded.added ?? [:] {
            if let state = EntityState(entityID: id, compressed: compressed) { model[id] = state }
        }
        for (id, diff) in decoded.changed ?? [:] { model[id] = model[id]?.applying(diff) }
        for id in decoded.removed ?? [] { model[id] = nil }
        guard mirror.all == model else { fatalError("the mirror and the decoded model disagree") }
    }
    return 0
}

/// Whether the model's result is the mirror's: the event's parts come in a/c/r order, and no
/// object in it names a key twice.
private func comparable(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
        var reader = JSONReader(buffer)
        var parts: [String] = []
        var unique = true
        do {
            try reader.object { reader, key throws(JSONParseError) in
                parts.append(key)
                try checkUnique(&reader, &unique)
            }
        } catch {
            return false
        }
        let order = parts.filter { ["a", "c", "r"].contains($0) }
        return unique && Set(parts).count == parts.count && order == order.sorted()
    }
}

/// Walks the value `reader` is at, clearing `unique` when an object in it names a key twice.
private func checkUnique(_ reader: inout JSONReader, _ unique: inout Bool) throws(JSONParseError) {
    switch reader.peek() {
    case UInt8(ascii: "{"):
        var keys: Set<String> = []
        try reader.object { reader, key throws(JSONParseError) in
            if !keys.insert(key).inserted { unique = false }
            try checkUnique(&reader, &unique)
        }
    case UInt8(ascii: "["):
        try reader.array { reader throws(JSONParseError) in try checkUnique(&reader, &unique) }
    default:
        try reader.skip()
    }
}
