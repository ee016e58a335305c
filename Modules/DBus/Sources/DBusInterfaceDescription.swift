/// An interface of a D-Bus object as `org.freedesktop.DBus.Introspectable.Introspect` describes it.
public struct DBusInterfaceDescription: Sendable, Equatable {
    /// The interface's name, such as `org.bluez.Adapter1`.
    public let name: String
    /// Its methods.
    public let methods: [DBusMemberDescription]
    /// Its signals.
    public let signals: [DBusMemberDescription]
    /// Its properties.
    public let properties: [DBusPropertyDescription]

    /// Describes an interface.
    public init(_ name: String, methods: [DBusMemberDescription] = [], signals: [DBusMemberDescription] = [], properties: [DBusPropertyDescription] = []) {
        self.name = name
        self.methods = methods
        self.signals = signals
        self.properties = properties
    }

    /// `org.freedesktop.DBus.Introspectable`, which every exported object offers.
    public static let introspectable = DBusInterfaceDescription(
        "org.freedesktop.DBus.Introspectable", methods: [DBusMemberDescription("Introspect", [DBusArgumentDescription("xml_data", "s", direction: "out")])]
    )

    /// `org.freedesktop.DBus.Properties` (Get, GetAll, Set and PropertiesChanged).
    public static let properties = DBusInterfaceDescription(
        "org.freedesktop.DBus.Properties",
        methods: [
            DBusMemberDescription("Get", [.init("interface_name", "s", direction: "in"), .init("property_name", "s", direction: "in"), .init("value", "v", direction: "out")]),
            DBusMemberDescription("GetAll", [.init("interface_name", "s", direction: "in"), .init("properties", "a{sv}", direction: "out")]),
            DBusMemberDescription("Set", [.init("interface_name", "s", direction: "in"), .init("property_name", "s", direction: "in"), .init("value", "v", direction: "in")]),
        ],
        signals: [DBusMemberDescription("PropertiesChanged", [.init("interface_name", "s"), .init("changed_properties", "a{sv}"), .init("invalidated_properties", "as")])]
    )
}
