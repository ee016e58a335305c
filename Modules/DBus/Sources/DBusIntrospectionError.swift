/// Why introspection XML could not be written or read.
public enum DBusIntrospectionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// libxml2 could not be loaded.
    case unavailable(String)
    case cannotWrite
    case tooLarge(Int)
    case notXML
    case notIntrospection(String)

    public var description: String {
        switch self {
        case .unavailable(let why): "introspection needs libxml2: \(why)"
        case .cannotWrite: "libxml2 could not write the introspection XML"
        case .tooLarge(let size): "introspection XML of \(size) bytes (at most \(DBusIntrospection.maximumBytes) are read)"
        case .notXML: "introspection data that is not well-formed XML"
        case .notIntrospection(let why): "not introspection data: \(why)"
        }
    }
}
