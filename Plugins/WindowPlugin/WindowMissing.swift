/// `home window` cannot start the window: there is no `home-window` to run.
struct WindowMissing: Error, CustomStringConvertible {
    let description: String
}
