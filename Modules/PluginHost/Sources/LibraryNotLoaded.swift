/// An out-of-tree plugin a check left unloaded on purpose: loading a library runs its code
/// (its constructors), which validating a manifest must not do unless asked.
public struct LibraryNotLoaded: Error, CustomStringConvertible, Sendable {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
