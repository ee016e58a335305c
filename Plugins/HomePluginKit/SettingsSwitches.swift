/// A section of on/off switches in the companion's settings (the window's settings page), doing
/// what a CLI command does: the same type answers both, so there is no second implementation.
public protocol SettingsSwitches: Sendable {
    /// The section's heading.
    var title: String { get }
    /// One sentence under the section: what the switches do and the command that does the same.
    var explanation: String { get }
    /// The switches for `server` (a server's URL), in the order they are shown.
    func switches(server: String) async throws -> [SettingsSwitch]
    /// Turns the switch `id` on or off for `server`; throws when there is no such switch or the
    /// change cannot be made, saying why.
    func set(_ id: String, on: Bool, server: String) async throws
}
