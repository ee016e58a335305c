import Essentials

/// A step of the login flow that asks for input: `init` (user name and password), `mfa`, …
public struct LoginForm: Sendable, Equatable {
    public let flowID: String
    /// The step's id, such as `init` or `mfa`.
    public let stepID: String
    /// The names of the fields the server asks for, in its order.
    public let fields: [String]
    /// Errors from the previous answer, by field (`base` for the whole form), such as `invalid_code`.
    public let errors: [String: String]

    public init(flowID: String, stepID: String, fields: [String], errors: [String: String]) {
        self.flowID = flowID
        self.stepID = stepID
        self.fields = fields
        self.errors = errors
    }

    /// Reads a `form` answer; nil when `json` is not a form.
    init?(json: JSONValue) throws {
        guard let object = json.objectValue, case .string("form")? = object["type"] else { return nil }
        guard case .string(let flowID)? = object["flow_id"], case .string(let stepID)? = object["step_id"] else {
            throw AuthError.invalidResponse("a login form without flow_id or step_id")
        }
        guard case .array(let schema)? = object["data_schema"] else {
            throw AuthError.invalidResponse("a login form without a data_schema list")
        }
        let fields = schema.compactMap { field -> String? in
            guard case .string(let name)? = field.objectValue?["name"] else { return nil }
            return name
        }
        var errors: [String: String] = [:]
        for (key, value) in object["errors"]?.objectValue ?? [:] {
            if case .string(let text) = value { errors[key] = text }
        }
        self.init(flowID: flowID, stepID: stepID, fields: fields, errors: errors)
    }
}
