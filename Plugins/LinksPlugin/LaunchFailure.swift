/// The window or the browser could not be started for a page another plugin asked to open.
struct LaunchFailure: Error, CustomStringConvertible {
    let description: String
}
