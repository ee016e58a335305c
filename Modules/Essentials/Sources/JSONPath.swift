/// Writes a coding path as text: `event.data.entities[3].state`.
enum JSONPath {
    static func text(_ components: [String]) -> String {
        var text = ""
        for component in components {
            if component.hasPrefix("[") || text.isEmpty {
                text += component
            } else {
                text += "." + component
            }
        }
        return text
    }

    static func text(_ codingPath: [any CodingKey]) -> String {
        text(codingPath.map { key in key.intValue.map { "[\($0)]" } ?? key.stringValue })
    }
}
