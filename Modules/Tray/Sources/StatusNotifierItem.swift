import DBus
import Essentials
import FoundationEssentials
import Glibc

/// The tray's icon and menu on the session bus: an `org.kde.StatusNotifierItem` at
/// `/StatusNotifierItem` with a `com.canonical.dbusmenu` menu at `/MenuBar`, registered with the
/// desktop's `org.kde.StatusNotifierWatcher` (again whenever the watcher restarts; without one it
/// says so once and waits for one). ``run()`` serves the bus on the calling thread until ``stop()``;
/// the rest may be called from any thread.
public final class StatusNotifierItem: @unchecked Sendable {
    /// The well-known name of the desktop's StatusNotifierWatcher.
    public static let watcher = "org.kde.StatusNotifierWatcher"
    static let watcherPath = "/StatusNotifierWatcher"
    static let itemPath = "/StatusNotifierItem"
    static let itemInterface = "org.kde.StatusNotifierItem"
    static let menuPath = "/MenuBar"
    static let menuInterface = "com.canonical.dbusmenu"
    static let properties = "org.freedesktop.DBus.Properties"

    /// The item's bus name, `org.kde.StatusNotifierItem-PID-1` as the specification names it.
    public let busName: String
    private let id: String
    private let iconThemePath: String
    private let connection: DBusConnection
    private let logger: Logger
    private let onActivate: @Sendable () -> Void
    private let lock = Lock()
    private var appearance: TrayAppearance
    private var menu: TrayMenuItem
    private var revision: UInt32 = 1
    private var registeredWith: String?
    private var noWatcherSaid = false
    private var stopped = false

    /// Claims the item's names on `bus` (`uniqueName` too, such as `io.homecompanion.Tray`, so that
    /// others can tell a tray runs); throws ``TrayError/alreadyRunning`` when another process has it.
    public init(
        bus: DBusBus, id: String, uniqueName: String, iconThemePath: String, appearance: TrayAppearance, menu: [TrayMenuItem],
        logger: Logger, onActivate: @escaping @Sendable () -> Void
    ) throws {
        connection = try DBusConnection(bus: bus)
        guard try connection.requestName(uniqueName) else {
            connection.close()
            throw TrayError.alreadyRunning(uniqueName)
        }
        busName = "org.kde.StatusNotifierItem-\(getpid())-1"
        _ = try connection.requestName(busName)
        try connection.addMatch("type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='\(Self.watcher)'")
        self.id = id
        self.iconThemePath = iconThemePath
        self.appearance = appearance
        self.menu = TrayMenuItem(id: 0, label: "", children: menu)
        self.logger = logger
        self.onActivate = onActivate
    }

    /// Whether a watcher took the item (the desktop shows it).
    public var isRegistered: Bool { lock.withLock { registeredWith != nil } }

    /// Registers and answers the bus until ``stop()``; throws when the bus goes away.
    public func run() throws {
        register()
        defer { connection.close() }
        while !lock.withLock({ stopped }) {
            switch try connection.next(timeout: 0.5) {
            case .call(let call)?: answer(call)
            case .signal(let signal)?:
                if signal.member == "NameOwnerChanged", signal.arguments.first?.stringValue == Self.watcher {
                    let owner = signal.arguments.last?.stringValue ?? ""
                    lock.withLock { registeredWith = nil }
                    if !owner.isEmpty {
                        logger.info("a StatusNotifierWatcher appeared on the session bus; registering")
                        register()
                    }
                }
            case nil: break
            }
        }
    }

    /// Ends ``run()`` within half a second.
    public func stop() {
        lock.withLock { stopped = true }
    }

    /// Changes the icon and its tooltip; hosts are told.
    public func update(_ appearance: TrayAppearance) {
        let changed = lock.withLock { () -> Bool in
            defer { self.appearance = appearance }
            return self.appearance != appearance
        }
        guard changed else { return }
        for signal in ["NewIcon", "NewToolTip", "NewTitle"] { emit(Self.itemPath, Self.itemInterface, signal, []) }
        emit(Self.itemPath, Self.itemInterface, "NewStatus", [.string(appearance.needsAttention ? "NeedsAttention" : "Active")])
    }

    /// Replaces the menu's entries; hosts are told when what it shows changed.
    public func update(menu items: [TrayMenuItem]) {
        let root = TrayMenuItem(id: 0, label: "", children: items)
        let revision = lock.withLock { () -> UInt32? in
            defer { menu = root }
            guard menu.shape != root.shape else { return nil }
            self.revision &+= 1
            return self.revision
        }
        guard let revision else { return }
        emit(Self.menuPath, Self.menuInterface, "LayoutUpdated", [.uint32(revision), .int32(0)])
    }

    private func emit(_ path: String, _ interface: String, _ member: String, _ arguments: [DBusValue]) {
        guard !lock.withLock({ stopped }) else { return }
        do {
            try connection.emit(path, interface, member, arguments)
        } catch {
            logger.warning("the tray could not tell the desktop of \(member): \(error)")
        }
    }

    private func register() {
        do {
            try connection.call(Self.watcher, Self.watcherPath, Self.watcher, "RegisterStatusNotifierItem", [.string(busName)], timeout: 5)
            let owner = connection.owner(of: Self.watcher) ?? Self.watcher
            lock.withLock {
                registeredWith = owner
                noWatcherSaid = false
            }
            logger.info("the tray is registered with the StatusNotifierWatcher as \(busName)")
        } catch {
            let first = lock.withLock { () -> Bool in
                defer { noWatcherSaid = true }
                return !noWatcherSaid
            }
            if first {
                logger.warning("no StatusNotifierWatcher on the session bus (\(error)): the tray shows once the desktop offers one (GNOME needs the AppIndicator extension)")
            }
        }
    }

    private func answer(_ call: DBusMethodCall) {
        do {
            switch (call.path, call.interface, call.member) {
            case (_, "org.freedesktop.DBus.Introspectable", "Introspect"):
                try connection.reply(to: call, [.string(try TrayIntrospection.xml(for: call.path))])
            case (Self.itemPath, Self.properties, _): try answerProperties(call, interface: Self.itemInterface, itemProperties())
            case (Self.menuPath, Self.properties, _): try answerProperties(call, interface: Self.menuInterface, menuProperties)
            case (Self.itemPath, Self.itemInterface, "Activate"), (Self.itemPath, Self.itemInterface, "SecondaryActivate"):
                try connection.reply(to: call)
                onActivate()
            case (Self.itemPath, Self.itemInterface, "ContextMenu"), (Self.itemPath, Self.itemInterface, "Scroll"):
                try connection.reply(to: call)
            case (Self.menuPath, Self.menuInterface, _):
                try answerMenu(call)
            default:
                try connection.replyError(to: call, name: "org.freedesktop.DBus.Error.UnknownMethod", message: "no \(call.interface).\(call.member) at \(call.path)")
            }
        } catch {
            logger.warning("the tray could not answer \(call.member) from \(call.sender): \(error)")
        }
    }

    private func answerProperties(_ call: DBusMethodCall, interface: String, _ values: [String: DBusValue]) throws {
        let asked = call.arguments.first?.stringValue ?? ""
        switch call.member {
        case "GetAll" where asked == interface || asked.isEmpty:
            try connection.reply(to: call, [.properties(values)])
        case "Get" where asked == interface:
            let name = call.arguments.dropFirst().first?.stringValue ?? ""
            guard let value = values[name] else {
                return try connection.replyError(to: call, name: "org.freedesktop.DBus.Error.UnknownProperty", message: "no property \(name)")
            }
            try connection.reply(to: call, [.variant(value)])
        case "Set":
            try connection.replyError(to: call, name: "org.freedesktop.DBus.Error.PropertyReadOnly", message: "the tray's properties are read-only")
        default:
            try connection.replyError(to: call, name: "org.freedesktop.DBus.Error.UnknownInterface", message: "no interface \(asked)")
        }
    }

    private func itemProperties() -> [String: DBusValue] {
        let shown = lock.withLock { appearance }
        let noPixmaps = DBusValue.array(element: "(iiay)", [])
        return [
            "Category": .string("ApplicationStatus"), "Id": .string(id), "Title": .string(shown.title),
            "Status": .string(shown.needsAttention ? "NeedsAttention" : "Active"), "WindowId": .int32(0),
            "IconName": .string(shown.iconName), "IconThemePath": .string(iconThemePath), "IconPixmap": noPixmaps,
            "OverlayIconName": .string(""), "OverlayIconPixmap": noPixmaps, "AttentionIconName": .string(""), "AttentionIconPixmap": noPixmaps,
            "AttentionMovieName": .string(""),
            "ToolTip": .structure([.string(shown.iconName), noPixmaps, .string(shown.title), .string(shown.tooltip)]),
            "ItemIsMenu": .bool(false), "Menu": .objectPath(Self.menuPath),
        ]
    }

    private let menuProperties: [String: DBusValue] = [
        "Version": .uint32(3), "TextDirection": .string("ltr"), "Status": .string("normal"), "IconThemePath": .strings([]),
    ]

    private func answerMenu(_ call: DBusMethodCall) throws {
        let (root, revision) = lock.withLock { (menu, self.revision) }
        let arguments = call.arguments
        switch call.member {
        case "GetLayout":
            let parent = Int32(arguments.first?.intValue ?? 0), depth = arguments.dropFirst().first?.intValue ?? -1
            let names = arguments.dropFirst(2).first?.arrayValue?.compactMap(\.stringValue) ?? []
            guard let item = root.find(parent) else {
                return try connection.replyError(to: call, name: "org.freedesktop.DBus.Error.InvalidArgs", message: "no menu entry \(parent)")
            }
            try connection.reply(to: call, [.uint32(revision), item.layout(depth: depth, names: names)])
        case "GetGroupProperties":
            let ids = arguments.first?.arrayValue?.compactMap(\.intValue).map(Int32.init(truncatingIfNeeded:)) ?? []
            let names = arguments.dropFirst().first?.arrayValue?.compactMap(\.stringValue) ?? []
            let items = ids.compactMap { root.find($0) }.map { DBusValue.structure([.int32($0.id), .properties($0.properties(names))]) }
            try connection.reply(to: call, [.array(element: "(ia{sv})", items)])
        case "GetProperty":
            let id = Int32(truncatingIfNeeded: arguments.first?.intValue ?? -1), name = arguments.dropFirst().first?.stringValue ?? ""
            guard let value = root.find(id)?.properties([name])[name] else {
                return try connection.replyError(to: call, name: "org.freedesktop.DBus.Error.InvalidArgs", message: "no property \(name) of entry \(id)")
            }
            try connection.reply(to: call, [.variant(value)])
        case "Event":
            let id = Int32(truncatingIfNeeded: arguments.first?.intValue ?? -1), event = arguments.dropFirst().first?.stringValue ?? ""
            try connection.reply(to: call)
            if event == "clicked", let item = root.find(id), item.isEnabled { item.action?() }
        case "EventGroup":
            var missing: [DBusValue] = []
            var clicked: [TrayMenuItem] = []
            for event in arguments.first?.arrayValue ?? [] {
                guard case .structure(let fields) = event, let id = fields.first?.intValue.map(Int32.init(truncatingIfNeeded:)) else { continue }
                guard let item = root.find(id) else {
                    missing.append(.int32(id))
                    continue
                }
                if fields.dropFirst().first?.stringValue == "clicked", item.isEnabled { clicked.append(item) }
            }
            try connection.reply(to: call, [.array(element: "i", missing)])
            for item in clicked { item.action?() }
        case "AboutToShow":
            try connection.reply(to: call, [.bool(false)])
        case "AboutToShowGroup":
            try connection.reply(to: call, [.array(element: "i", []), .array(element: "i", [])])
        default:
            try connection.replyError(to: call, name: "org.freedesktop.DBus.Error.UnknownMethod", message: "no \(Self.menuInterface).\(call.member)")
        }
    }
}
