import Essentials

extension CompressedEntityDiff {
    /// Decodes through ``init(json:path:)``, the one implementation of the format.
    public init(from decoder: any Decoder) throws {
        try self.init(json: JSONValue(from: decoder), path: "")
    }

    /// A diff's `+` and `-` parts, decoded by hand.
    init(json: JSONValue, path: String) throws(JSONDecodingError) {
        let diff = try JSONValue.Fields(json, path: path)
        let additions = try diff.fields["+"].map { value throws(JSONDecodingError) in
            try CompressedEntityState(json: value, path: diff.child("+"))
        }
        let removals = try diff.fields["-"].map { value throws(JSONDecodingError) in
            let removal = try JSONValue.Fields(value, path: diff.child("-"))
            guard case .array(let names)? = removal.fields["a"] else { throw removal.mismatch("a", "an array") }
            return CompressedAttributeRemoval(attributes: try names.map { name throws(JSONDecodingError) in
                guard case .string(let text) = name else { throw removal.mismatch("a", "an array of strings") }
                return text
            })
        }
        self.init(additions: additions, removals: removals)
    }
}
