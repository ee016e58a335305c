import CompanionWindow

/// The window's controller while it runs, for work that reaches it later on the UI thread (the
/// tray going away). UI thread only.
final class WindowHolder: @unchecked Sendable {
    var controller: WindowController?
}
