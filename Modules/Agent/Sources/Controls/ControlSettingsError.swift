/// Why the controls' settings could not be changed.
struct ControlSettingsError: Error, CustomStringConvertible {
    let description: String
}
