import Essentials

extension CompressedEntityState {
    /// Decodes through ``init(json:path:)``, the one implementation of the format.
    public init(from decoder: any Decoder) throws {
        try self.init(json: JSONValue(from: decoder), path: "")
    }

    /// Decodes a compressed state or a diff's `+` part by hand, for the same reason as ``EntitiesEvent/init(json:)``.
    init(json: JSONValue, path: String) throws(JSONDecodingError) {
        let fields = try JSONValue.Fields(json, path: path)
        let context = try fields.fields["c"].flatMap { value throws(JSONDecodingError) in
            value == .null ? nil : try CompressedContext(json: value, path: fields.child("c"))
        }
        self.init(
            state: try fields.optionalString("s"), attributes: try fields.optionalObject("a"), context: context,
            lastChanged: try fields.optionalDouble("lc"), lastUpdated: try fields.optionalDouble("lu")
        )
    }
}
