import DBus

/// What the tray's objects say of themselves (`Introspect`, written with libxml2): the item's
/// `org.kde.StatusNotifierItem` and the menu's `com.canonical.dbusmenu`, as their specifications
/// define them, and the tree from `/` down to both.
enum TrayIntrospection {
    static let item = DBusInterfaceDescription(
        StatusNotifierItem.itemInterface,
        methods: [
            DBusMemberDescription("Activate", [.init("x", "i", direction: "in"), .init("y", "i", direction: "in")]),
            DBusMemberDescription("SecondaryActivate", [.init("x", "i", direction: "in"), .init("y", "i", direction: "in")]),
            DBusMemberDescription("ContextMenu", [.init("x", "i", direction: "in"), .init("y", "i", direction: "in")]),
            DBusMemberDescription("Scroll", [.init("delta", "i", direction: "in"), .init("orientation", "s", direction: "in")]),
        ],
        signals: [
            DBusMemberDescription("NewTitle"), DBusMemberDescription("NewIcon"), DBusMemberDescription("NewAttentionIcon"),
            DBusMemberDescription("NewOverlayIcon"), DBusMemberDescription("NewToolTip"), DBusMemberDescription("NewStatus", [.init("status", "s")]),
        ],
        properties: [
            .init("Category", "s"), .init("Id", "s"), .init("Title", "s"), .init("Status", "s"), .init("WindowId", "i"), .init("IconName", "s"),
            .init("IconThemePath", "s"), .init("IconPixmap", "a(iiay)"), .init("OverlayIconName", "s"), .init("OverlayIconPixmap", "a(iiay)"),
            .init("AttentionIconName", "s"), .init("AttentionIconPixmap", "a(iiay)"), .init("AttentionMovieName", "s"),
            .init("ToolTip", "(sa(iiay)ss)"), .init("ItemIsMenu", "b"), .init("Menu", "o"),
        ]
    )

    static let menu = DBusInterfaceDescription(
        StatusNotifierItem.menuInterface,
        methods: [
            DBusMemberDescription("GetLayout", [
                .init("parentId", "i", direction: "in"), .init("recursionDepth", "i", direction: "in"), .init("propertyNames", "as", direction: "in"),
                .init("revision", "u", direction: "out"), .init("layout", "(ia{sv}av)", direction: "out"),
            ]),
            DBusMemberDescription("GetGroupProperties", [.init("ids", "ai", direction: "in"), .init("propertyNames", "as", direction: "in"), .init("properties", "a(ia{sv})", direction: "out")]),
            DBusMemberDescription("GetProperty", [.init("id", "i", direction: "in"), .init("name", "s", direction: "in"), .init("value", "v", direction: "out")]),
            DBusMemberDescription("Event", [.init("id", "i", direction: "in"), .init("eventId", "s", direction: "in"), .init("data", "v", direction: "in"), .init("timestamp", "u", direction: "in")]),
            DBusMemberDescription("EventGroup", [.init("events", "a(isvu)", direction: "in"), .init("idErrors", "ai", direction: "out")]),
            DBusMemberDescription("AboutToShow", [.init("id", "i", direction: "in"), .init("needUpdate", "b", direction: "out")]),
            DBusMemberDescription("AboutToShowGroup", [.init("ids", "ai", direction: "in"), .init("updatesNeeded", "ai", direction: "out"), .init("idErrors", "ai", direction: "out")]),
        ],
        signals: [
            DBusMemberDescription("ItemsPropertiesUpdated", [.init("updatedProps", "a(ia{sv})"), .init("removedProps", "a(ias)")]),
            DBusMemberDescription("LayoutUpdated", [.init("revision", "u"), .init("parent", "i")]),
            DBusMemberDescription("ItemActivationRequested", [.init("id", "i"), .init("timestamp", "u")]),
        ],
        properties: [.init("Version", "u"), .init("TextDirection", "s"), .init("Status", "s"), .init("IconThemePath", "as")]
    )

    /// The XML for the object at `path`: the item, the menu, or a node on the way to them.
    static func xml(for path: String) throws -> String {
        switch path {
        case StatusNotifierItem.itemPath: try DBusIntrospection.xml(DBusIntrospectionData(interfaces: [.introspectable, .properties, item]))
        case StatusNotifierItem.menuPath: try DBusIntrospection.xml(DBusIntrospectionData(interfaces: [.introspectable, .properties, menu]))
        case "/": try DBusIntrospection.xml(DBusIntrospectionData(interfaces: [.introspectable], children: ["StatusNotifierItem", "MenuBar"]))
        default: try DBusIntrospection.xml(DBusIntrospectionData(interfaces: []))
        }
    }
}
