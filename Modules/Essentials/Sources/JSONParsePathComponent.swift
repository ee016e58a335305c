/// Where the parser is, kept only while it reads bad input a second time to name the field.
enum JSONParsePathComponent {
    case key(String)
    case index(Int)

    /// As ``JSONPath`` writes it: the key, or `[index]`.
    var text: String {
        switch self {
        case .key(let key): key
        case .index(let index): "[\(index)]"
        }
    }
}
