/// The desktop-notifications plugin's manifest configuration: none, so any key is reported as unknown.
struct DesktopNotificationsConfiguration: Decodable, Sendable {}
