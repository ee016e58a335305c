import FoundationEssentials

extension JSONEncoder.DateEncodingStrategy {
    /// Dates as Home Assistant's ISO 8601 text (``HATimestamp``), written without a date formatter
    /// (which would load ICU into the process).
    public static var haTimestamp: Self {
        .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(HATimestamp.string(from: date))
        }
    }
}

extension JSONDecoder.DateDecodingStrategy {
    /// Reads what ``JSONEncoder/DateEncodingStrategy/haTimestamp`` writes, and any ISO 8601 time
    /// in UTC or with an offset (such as `2026-11-29T16:54:14Z`).
    public static var haTimestamp: Self {
        .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = HATimestamp.date(from: text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not an ISO 8601 time")
            }
            return date
        }
    }
}
