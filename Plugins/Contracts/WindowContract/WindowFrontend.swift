/// Draws the companion window: Home Assistant's frontend, signed in by the companion.
public protocol WindowFrontend: Sendable {
    /// Opens the window for `request` and returns when it closes (or, with a screenshot asked
    /// for, once that is written; or at once when the user's window was open already and now shows
    /// the page).
    func open(_ request: WindowRequest) async throws -> WindowOutcome
}
