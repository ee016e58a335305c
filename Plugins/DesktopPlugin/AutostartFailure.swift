/// An autostart entry could not be written.
struct AutostartFailure: Error, CustomStringConvertible {
    let description: String
}
