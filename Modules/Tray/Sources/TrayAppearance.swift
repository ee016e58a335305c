/// How the tray's icon looks: the icon's name in the icon theme, its tooltip, and whether it asks
/// for attention.
public struct TrayAppearance: Sendable, Equatable {
    public let iconName: String
    public let title: String
    public let tooltip: String
    public let needsAttention: Bool

    public init(iconName: String, title: String, tooltip: String, needsAttention: Bool = false) {
        self.iconName = iconName
        self.title = title
        self.tooltip = tooltip
        self.needsAttention = needsAttention
    }
}
