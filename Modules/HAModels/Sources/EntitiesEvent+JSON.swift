import Essentials

extension EntitiesEvent {
    /// Decodes through ``init(json:)``, the one implementation of the format.
    public init(from decoder: any Decoder) throws {
        try self.init(json: JSONValue(from: decoder))
    }

    /// Decodes an event by hand: a `subscribe_entities` stream carries tens of thousands of them.
    public init(json: JSONValue) throws(JSONDecodingError) {
        let fields = try JSONValue.Fields(json, path: "")
        var added: [String: CompressedEntityState]?
        if let object = try fields.optionalObject("a") {
            var states: [String: CompressedEntityState] = [:]
            states.reserveCapacity(object.count)
            for (id, value) in object { states[id] = try CompressedEntityState(json: value, path: "a.\(id)") }
            added = states
        }
        var changed: [String: CompressedEntityDiff]?
        if let object = try fields.optionalObject("c") {
            var diffs: [String: CompressedEntityDiff] = [:]
            for (id, value) in object { diffs[id] = try CompressedEntityDiff(json: value, path: "c.\(id)") }
            changed = diffs
        }
        var removed: [String]?
        switch fields.fields["r"] {
        case nil, .null?: break
        case .array(let ids)?:
            removed = try ids.map { id throws(JSONDecodingError) in
                guard case .string(let text) = id else { throw fields.mismatch("r", "an array of strings") }
                return text
            }
        default: throw fields.mismatch("r", "an array")
        }
        self.init(added: added, changed: changed, removed: removed)
    }
}
