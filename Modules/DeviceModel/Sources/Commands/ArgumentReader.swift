/// Reads one command's `KEY=VALUE` arguments as numbers and flags, naming the bad one.
struct ArgumentReader {
    let command: String
    let values: [String: String]

    func text(_ key: String) throws(DeviceModelError) -> String {
        guard let text = values[key], !text.isEmpty else { throw .invalidArgument("\(command): \(key) must not be empty") }
        return text
    }

    func integer(_ key: String) throws(DeviceModelError) -> Int {
        guard let text = values[key], let value = Int(text) else {
            throw .invalidArgument("\(command): \(key) must be a whole number, not '\(values[key] ?? "")'")
        }
        return value
    }

    func number(_ key: String) throws(DeviceModelError) -> Double {
        guard let text = values[key], let value = Double(text), value.isFinite else {
            throw .invalidArgument("\(command): \(key) must be a number, not '\(values[key] ?? "")'")
        }
        return value
    }

    func flag(_ key: String) throws(DeviceModelError) -> Bool {
        switch values[key] {
        case "true", "on", "yes": return true
        case "false", "off", "no": return false
        default: throw .invalidArgument("\(command): \(key) must be true or false, not '\(values[key] ?? "")'")
        }
    }
}
