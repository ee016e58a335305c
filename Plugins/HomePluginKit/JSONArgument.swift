import CLIKit
import Essentials

/// A JSON object given on the command line.
public enum JSONArgument {
    /// `text` parsed as a JSON object; an empty object when nil.
    public static func object(_ text: String?, name: String) throws -> JSONValue {
        guard let text else { return .object([:]) }
        guard case .object(let fields)? = try? JSONParser.parse(text) else { throw UsageError("\(name) must be a JSON object, such as '{\"key\": 1}'") }
        return .object(fields)
    }
}
