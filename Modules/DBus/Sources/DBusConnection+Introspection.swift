extension DBusConnection {
    /// What `service`'s object at `path` says of itself (`Introspect`, read with libxml2).
    public func introspect(_ service: String, _ path: String) throws -> DBusIntrospectionData {
        let reply = try call(service, path, "org.freedesktop.DBus.Introspectable", "Introspect", [], timeout: 5)
        guard let xml = reply.first?.stringValue else { throw DBusIntrospectionError.notIntrospection("Introspect answered no text") }
        return try DBusIntrospection.parse(xml)
    }

    /// Checks, before relying on them, that `service`'s object at `path` has `interface` with these
    /// methods and signals; throws ``DBusClientError/missingMember(service:interface:member:)``
    /// naming the first one it lacks. Returns the introspection data (to choose among optional
    /// members); nil when the service does not describe itself (the calls then tell).
    @discardableResult
    public func require(_ service: String, _ path: String, _ interface: String, methods: [String] = [], signals: [String] = []) throws -> DBusIntrospectionData? {
        let data: DBusIntrospectionData
        do {
            data = try introspect(service, path)
        } catch let error as DBusClientError where error.remoteName == "org.freedesktop.DBus.Error.UnknownMethod" || error.remoteName == "org.freedesktop.DBus.Error.UnknownInterface" {
            return nil
        }
        let described = data.interface(interface)
        for method in methods where described?.methods.contains(where: { $0.name == method }) != true {
            throw DBusClientError.missingMember(service: service, interface: interface, member: method)
        }
        for signal in signals where described?.signals.contains(where: { $0.name == signal }) != true {
            throw DBusClientError.missingMember(service: service, interface: interface, member: signal)
        }
        return data
    }
}
