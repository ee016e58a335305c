/// What can start with the desktop session, each as an XDG autostart entry running `home`.
public enum AutostartItem: String, Sendable, CaseIterable {
    /// `home agent`: sensors, notifications and controls.
    case agent
    /// `home tray`: the status icon with quick actions.
    case tray

    /// The entry's file name (without `.desktop`).
    public var entryID: String {
        switch self {
        case .agent: "io.homecompanion.Agent"
        case .tray: "io.homecompanion.Tray"
        }
    }

    /// The `home` command the entry runs.
    var command: String { rawValue }

    var title: String {
        switch self {
        case .agent: "HomeCompanion agent"
        case .tray: "HomeCompanion tray"
        }
    }

    var comment: String {
        switch self {
        case .agent: "Reports this computer's sensors to Home Assistant and shows its notifications"
        case .tray: "Home Assistant's quick actions and notifications in the panel"
        }
    }
}
