/// The context in a compressed state: only its id when it has no parent or user, else the object.
public enum CompressedContext: Sendable, Hashable {
    case id(String)
    case context(CompressedContextFields)
}
