import Essentials

extension CompressedEntityDiff {
    /// Reads a diff's `+` and `-` parts where `reader` is.
    init(reading reader: inout JSONReader) throws(JSONParseError) {
        var additions: CompressedEntityState?, removals: CompressedAttributeRemoval?
        try reader.object { reader, key throws(JSONParseError) in
            switch key {
            case "+": additions = try CompressedEntityState(reading: &reader)
            case "-": removals = try CompressedAttributeRemoval(reading: &reader)
            default: try reader.skip()
            }
        }
        self.init(additions: additions, removals: removals)
    }
}
