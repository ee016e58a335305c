import Agent
import Essentials

/// What a script printed, read as its sensors' values: one JSON object (`{"age": 5, "ok": true}`),
/// or `key=value` lines (a value that reads as a JSON number or boolean is one, else text).
enum ScriptOutput {
    /// The values by key; throws when the output is neither.
    static func values(_ output: String) throws -> [String: JSONValue] {
        let trimmed = output.trimmingWhitespace()
        if trimmed.hasPrefix("{") {
            guard let object = (try? JSONParser.parse(trimmed))?.objectValue else { throw CommandFailure(description: "its output is not a JSON object") }
            return object
        }
        var values: [String: JSONValue] = [:]
        for line in trimmed.split(whereSeparator: \.isNewline) {
            guard let equals = line.firstIndex(of: "="), equals != line.startIndex else {
                throw CommandFailure(description: "the line '\(line.prefix(80))' is not key=value")
            }
            let key = line[..<equals].trimmingSpaces()
            let text = line[line.index(after: equals)...].trimmingSpaces()
            switch try? JSONParser.parse(text) {
            case .integer(let number)?: values[key] = .integer(number)
            case .double(let number)?: values[key] = .double(number)
            case .bool(let flag)?: values[key] = .bool(flag)
            default: values[key] = .string(text)
            }
        }
        return values
    }
}
