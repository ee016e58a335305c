
/// A Swift closure carried through a C callback's `user_data` (retained until the callback runs once).
final class CallbackBox<Value> {
    let complete: (Value) -> Void
    /// A file the callback writes to, for calls that need one.
    let file: String?

    init(file: String? = nil, _ complete: @escaping (Value) -> Void) {
        self.file = file
        self.complete = complete
    }
}
