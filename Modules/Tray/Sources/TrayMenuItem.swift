import DBus

/// One entry of the tray's menu, as `com.canonical.dbusmenu` shows it: a label (with a check mark
/// when it has a `toggled` state), a separator, or a submenu; `action` runs when it is clicked.
public struct TrayMenuItem: Sendable {
    /// Its id in the menu (the root is 0); stable while the entry means the same thing.
    public let id: Int32
    /// What the entry says (a `_` is shown as is, not as a mnemonic).
    public let label: String
    /// Whether it is a separator line.
    public let isSeparator: Bool
    /// Whether it can be clicked.
    public let isEnabled: Bool
    /// On or off for a check mark; nil for none.
    public let toggled: Bool?
    /// Its submenu's entries.
    public let children: [TrayMenuItem]
    /// What a click does.
    public let action: (@Sendable () -> Void)?

    /// An entry with a label.
    public init(id: Int32, label: String, enabled: Bool = true, toggled: Bool? = nil, children: [TrayMenuItem] = [], action: (@Sendable () -> Void)? = nil) {
        self.id = id
        self.label = label
        isSeparator = false
        isEnabled = enabled
        self.toggled = toggled
        self.children = children
        self.action = action
    }

    /// A separator line.
    public static func separator(id: Int32) -> TrayMenuItem {
        TrayMenuItem(id: id, separator: true)
    }

    private init(id: Int32, separator: Bool) {
        self.id = id
        label = ""
        isSeparator = separator
        isEnabled = true
        toggled = nil
        children = []
        action = nil
    }

    /// Its dbusmenu properties, those named in `names` (all when empty).
    func properties(_ names: [String]) -> [String: DBusValue] {
        var all: [String: DBusValue] = [:]
        if isSeparator {
            all["type"] = .string("separator")
        } else {
            all["label"] = .string(label.replacing("_", with: "__"))
            all["enabled"] = .bool(isEnabled)
            if let toggled {
                all["toggle-type"] = .string("checkmark")
                all["toggle-state"] = .int32(toggled ? 1 : 0)
            }
            if !children.isEmpty { all["children-display"] = .string("submenu") }
        }
        return names.isEmpty ? all : all.filter { names.contains($0.key) }
    }

    /// Its `(ia{sv}av)` layout, children to `depth` levels (-1: all).
    func layout(depth: Int, names: [String]) -> DBusValue {
        let shown = depth == 0 ? [] : children.map { DBusValue.variant($0.layout(depth: depth < 0 ? -1 : depth - 1, names: names)) }
        return .structure([.int32(id), .properties(properties(names)), .array(element: "v", shown)])
    }

    /// The entry `id` in this one's tree.
    func find(_ id: Int32) -> TrayMenuItem? {
        if self.id == id { return self }
        for child in children {
            if let found = child.find(id) { return found }
        }
        return nil
    }

    /// What the menu shows, for telling whether it changed (actions left out).
    var shape: String {
        "\(id)|\(label)|\(isSeparator)|\(isEnabled)|\(toggled.map(String.init) ?? "-")[\(children.map(\.shape).joined(separator: ","))]"
    }
}
