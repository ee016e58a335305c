import Essentials

extension CompressedEntityState {
    /// Reads a compressed state (or a diff's `+` part) where `reader` is.
    init(reading reader: inout JSONReader) throws(JSONParseError) {
        var state: String?, attributes: [String: JSONValue]?, context: CompressedContext?
        var lastChanged: Double?, lastUpdated: Double?
        try reader.object { reader, key throws(JSONParseError) in
            switch key {
            case "s": state = try reader.null() ? nil : reader.string()
            case "a":
                switch try reader.value() {
                case .object(let object): attributes = object
                case .null: attributes = nil
                default: throw reader.failure("the attributes ('a') are not an object")
                }
            case "c": context = try CompressedContext.read(from: &reader)
            case "lc": lastChanged = try reader.null() ? nil : reader.double()
            case "lu": lastUpdated = try reader.null() ? nil : reader.double()
            default: try reader.skip()
            }
        }
        self.init(state: state, attributes: attributes, context: context, lastChanged: lastChanged, lastUpdated: lastUpdated)
    }
}
