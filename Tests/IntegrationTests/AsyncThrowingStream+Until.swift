import HomeAPI

extension AsyncThrowingStream.Iterator where Failure == any Error {
    /// The next element that `done` accepts, skipping the others; throws when the stream ends first.
    mutating func next(until done: (Element) -> Bool) async throws -> Element {
        while let element = try await next() {
            if done(element) { return element }
        }
        throw HomeError(.internal, "the stream ended")
    }
}
