import Essentials

extension JSONValue {
    /// Reads the fields of an object for hand-written decoding on hot paths, where the generic
    /// `Decoder` costs too much; errors name the field's path.
    struct Fields {
        let fields: [String: JSONValue]
        let path: String

        init(_ value: JSONValue, path: String) throws(JSONDecodingError) {
            guard case .object(let fields) = value else {
                throw JSONDecodingError(path: path, reason: "expected an object, found \(value.kindName)")
            }
            self.fields = fields
            self.path = path
        }

        func child(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

        func string(_ key: String) throws(JSONDecodingError) -> String {
            guard case .string(let text)? = fields[key] else { throw mismatch(key, "a string") }
            return text
        }

        func optionalString(_ key: String) throws(JSONDecodingError) -> String? {
            switch fields[key] {
            case nil, .null?: return nil
            case .string(let text)?: return text
            default: throw mismatch(key, "a string")
            }
        }

        func integer(_ key: String) throws(JSONDecodingError) -> Int {
            guard case .integer(let number)? = fields[key], let exact = Int(exactly: number) else { throw mismatch(key, "an integer") }
            return exact
        }

        func optionalDouble(_ key: String) throws(JSONDecodingError) -> Double? {
            switch fields[key] {
            case nil, .null?: return nil
            case .double(let number)?: return number
            case .integer(let number)?: return Double(number)
            default: throw mismatch(key, "a number")
            }
        }

        func optionalObject(_ key: String) throws(JSONDecodingError) -> [String: JSONValue]? {
            switch fields[key] {
            case nil, .null?: return nil
            case .object(let object)?: return object
            default: throw mismatch(key, "an object")
            }
        }

        func mismatch(_ key: String, _ expected: String) -> JSONDecodingError {
            guard let value = fields[key] else { return JSONDecodingError(path: child(key), reason: "required field is missing") }
            return JSONDecodingError(path: child(key), reason: "expected \(expected), found \(value.kindName)")
        }
    }
}
