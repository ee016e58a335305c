/// Opens pages for the rest of the companion: a page of a server's frontend in the window (the one
/// open already, or a new one), or a web page in the browser. Returns once the opening started.
public protocol WindowOpening: Sendable {
    /// Shows `path` of `server` (signed in to) in the window, with `entity`'s more-info dialog when given.
    func openPage(server: String, path: String, entity: String?) throws
    /// Shows the companion's settings page (servers, sensors, the notification history) in `server`'s window.
    func openSettings(server: String) throws
    /// Opens `url` (http or https) in the user's browser.
    func openInBrowser(_ url: String) throws
}
