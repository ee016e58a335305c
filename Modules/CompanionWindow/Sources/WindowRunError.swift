
/// The window could not do what it was asked (connect in time, write a screenshot).
public struct WindowRunError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}

extension WindowRunError {
    /// GTK found no display to open the window on.
    public static let noDisplay = WindowRunError("no display to open the window on: run it in a desktop session (DISPLAY or WAYLAND_DISPLAY)")
}
