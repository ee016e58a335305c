import Essentials

/// The companion's own settings as the window's settings page reads and changes them; the
/// window-ui plugin answers through the same capabilities the CLI uses.
public protocol CompanionSettings: Sendable {
    /// What the page shows, as JSON: `version`, `server`, `servers` (`url`, `default`), `sensors`
    /// (as `home sensors --json` prints them), `notifications` (`id`, `received`, `title`,
    /// `message`, `actions` with `id`, `title` and `reply`), `threadNetworks` (`id`, `name`, `channel`),
    /// `switches` (sections with `section`, `title`, `explanation`, `items` with `id`, `name`,
    /// `detail` and `on`, or an `error`).
    func snapshot() async throws -> JSONValue
    /// The Home Assistant servers announcing themselves on the network (`name`, `url`, `version`),
    /// for the sign-in form; it takes a few seconds, so the page asks once, apart from the snapshot.
    func discovered() async throws -> JSONValue
    /// Does what the page asked; the page then reads the snapshot again.
    func perform(_ action: SettingsAction) async throws
}
