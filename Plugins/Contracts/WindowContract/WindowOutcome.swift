/// How a window request ended.
public enum WindowOutcome: Sendable, Equatable {
    /// The user closed the window.
    case closed
    /// The screenshot asked for was written, and the window closed.
    case screenshotWritten
    /// A window was open already: it was raised and asked to show the page, and this request ends.
    case handedOver
}
