import Persistence

extension BatchedWriter {
    /// Submits `body` and returns what to wait on for its end.
    func submitted(_ body: @escaping @Sendable (DatabaseConnection) throws -> Void) -> WriteOutcome {
        let outcome = WriteOutcome()
        submit(body) { outcome.finish($0) }
        return outcome
    }
}
