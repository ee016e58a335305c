/// An answer from the test server that is not the JSON shape a test expects.
struct HTTPExchangeError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
