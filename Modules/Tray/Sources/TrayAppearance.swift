/// How the tray's icon looks: the icon's name in the icon theme, its tooltip, and whether it asks
/// for attention.
public struct TrayAppearance: Sendable, Equatable {
    /// The icon's name in the icon theme (the item's `IconName`).
    public let iconName: String
    /// The item's title, also the tooltip's heading.
    public let title: String
    /// The tooltip's text.
    public let tooltip: String
    /// Whether the item's status is `NeedsAttention` rather than `Active`.
    public let needsAttention: Bool

    /// Creates an appearance.
    public init(iconName: String, title: String, tooltip: String, needsAttention: Bool = false) {
        self.iconName = iconName
        self.title = title
        self.tooltip = tooltip
        self.needsAttention = needsAttention
    }
}
