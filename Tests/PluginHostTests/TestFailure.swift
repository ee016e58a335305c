/// An error a test plugin throws on purpose.
struct TestFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
