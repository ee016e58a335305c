import Essentials

extension CompressedContext: Codable {
    /// Decodes through ``init(json:path:)``, the one implementation of the format.
    public init(from decoder: any Decoder) throws {
        self = try CompressedContext(json: JSONValue(from: decoder), path: "")
    }

    /// A bare id, or the context object whose fields tell "left out" from "set to null".
    init(json: JSONValue, path: String) throws(JSONDecodingError) {
        switch json {
        case .string(let id):
            self = .id(id)
        case .object(let object):
            func field(_ key: String) throws(JSONDecodingError) -> String?? {
                switch object[key] {
                case nil: return nil
                case .null?: return .some(nil)
                case .string(let text)?: return .some(text)
                default: throw JSONDecodingError(path: path.isEmpty ? key : "\(path).\(key)", reason: "expected a string")
                }
            }
            self = .context(CompressedContextFields(id: try field("id") ?? nil, parentID: try field("parent_id"), userID: try field("user_id")))
        default:
            throw JSONDecodingError(path: path, reason: "expected a context id or object, found \(json.kindName)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .id(let id): try container.encode(id)
        case .context(let fields): try container.encode(fields)
        }
    }
}
