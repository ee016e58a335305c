/// A request the server refuses before any handler sees it: the status to answer with and what
/// was wrong. The connection is closed after the answer.
struct HTTPParseFailure: Error, Sendable, Equatable {
    let status: Int
    let message: String

    init(_ status: Int, _ message: String) {
        self.status = status
        self.message = message
    }
}
