import Essentials

/// One service as `get_services` describes it; the result maps domain → service → description.
public struct ServiceDescription: Codable, Sendable, Hashable {
    /// The service's name people see.
    public let name: String?
    public let description: String?
    /// Field name → its description, selector and filter, kept as JSON.
    public let fields: [String: JSONValue]
    /// Which entities, devices or areas it targets, when it takes a target.
    public let target: JSONValue?
    /// Whether it can or must return a response (`{"optional": true}`).
    public let response: JSONValue?
}
