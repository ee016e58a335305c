/// Draws the companion window: Home Assistant's frontend, signed in by the companion.
public protocol WindowFrontend: Sendable {
    /// Opens the window for `request` and returns when it closes (or, with a screenshot asked
    /// for, once that is written).
    func open(_ request: WindowRequest) async throws
}
