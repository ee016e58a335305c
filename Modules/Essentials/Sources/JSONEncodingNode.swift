/// A mutable place in the tree an encoding builds; containers write into their node.
final class JSONEncodingNode {
    enum Content {
        case empty
        case value(JSONValue)
        case object([String: JSONEncodingNode])
        case array([JSONEncodingNode])
    }

    var content = Content.empty

    /// The finished value; an empty node (nothing was encoded) is an empty object.
    var value: JSONValue {
        switch content {
        case .empty: .object([:])
        case .value(let value): value
        case .object(let fields): .object(fields.mapValues(\.value))
        case .array(let items): .array(items.map(\.value))
        }
    }

    /// The child for `key`, turning this node into an object if it is not one yet.
    func child(_ key: String) -> JSONEncodingNode {
        var fields: [String: JSONEncodingNode] = [:]
        if case .object(let existing) = content { fields = existing }
        if let child = fields[key] { return child }
        let child = JSONEncodingNode()
        fields[key] = child
        content = .object(fields)
        return child
    }

    /// A new child appended to this node as an array.
    func appendChild() -> JSONEncodingNode {
        var items: [JSONEncodingNode] = []
        if case .array(let existing) = content { items = existing }
        let child = JSONEncodingNode()
        items.append(child)
        content = .array(items)
        return child
    }

    /// How many children this node has as an array.
    var arrayCount: Int {
        if case .array(let items) = content { return items.count }
        return 0
    }

    func makeObject() {
        if case .object = content { return }
        content = .object([:])
    }

    func makeArray() {
        if case .array = content { return }
        content = .array([])
    }
}
