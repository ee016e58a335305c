/// Asks the person at the desktop whether a link may act on the server, when `home open` has no
/// terminal to ask on (the desktop's scheme handler started it).
protocol LinkConfirming: Sendable {
    /// The answer to `question`; throws when no one can be asked.
    func ask(_ question: String) async throws -> LinkAnswer
}
