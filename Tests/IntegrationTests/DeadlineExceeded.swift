/// A wait in a test that took too long.
struct DeadlineExceeded: Error, CustomStringConvertible {
    let what: String
    let seconds: Double
    var description: String { "\(what) did not happen within \(Int(seconds)) s" }
}
