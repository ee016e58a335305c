/// The error `tool fail` throws.
struct ToolFailure: Error, CustomStringConvertible {
    var description: String { "it broke" }
}
