import Essentials

extension CompressedAttributeRemoval {
    /// Reads a diff's `-` part where `reader` is: its `a` array of attribute names is required.
    init(reading reader: inout JSONReader) throws(JSONParseError) {
        var names: [String] = []
        var sawAttributes = false
        try reader.object { reader, key throws(JSONParseError) in
            guard key == "a" else { return try reader.skip() }
            sawAttributes = true
            try reader.array { reader throws(JSONParseError) in names.append(try reader.string()) }
        }
        guard sawAttributes else { throw reader.failure("a diff's '-' part has no 'a' array") }
        self.init(attributes: names)
    }
}
