import Essentials

extension CompressedEntityDiff {
    /// Reads a diff's `+` and `-` parts where `reader` is.
    init(reading reader: inout JSONReader) throws(JSONParseError) {
        var additions: CompressedEntityState?, removals: CompressedAttributeRemoval?
        try reader.object { reader, key throws(JSONParseError) in
            switch key {
            case "+": additions = try CompressedEntityState(reading: &reader)
            case "-":
                var names: [String] = []
                var sawAttributes = false
                try reader.object { reader, key throws(JSONParseError) in
                    guard key == "a" else { return try reader.skip() }
                    sawAttributes = true
                    try reader.array { reader throws(JSONParseError) in names.append(try reader.string()) }
                }
                guard sawAttributes else { throw reader.failure("a diff's '-' part has no 'a' array") }
                removals = CompressedAttributeRemoval(attributes: names)
            default: try reader.skip()
            }
        }
        self.init(additions: additions, removals: removals)
    }
}
