import DBus
import Essentials

/// Finds Home Assistant servers on the local network through Avahi's D-Bus API on the system bus:
/// browses `_home-assistant._tcp` in `local` (`ServiceBrowserPrepare` then `Start`, so no
/// announcement is missed between the browser's creation and the match rule; `ServiceBrowserNew`
/// on an Avahi older than 0.8, as its introspection data tells), resolves each service (`ResolveService`), reads its TXT record, and
/// keeps one entry per server (a server answers on each interface and protocol).
public struct AvahiBrowser: Sendable {
    static let service = "org.freedesktop.Avahi"
    static let serverInterface = "org.freedesktop.Avahi.Server"
    static let browserInterface = "org.freedesktop.Avahi.ServiceBrowser"
    static let serviceType = "_home-assistant._tcp"
    /// The most services resolved in one browse (a network announcing more is not a home).
    public static let maximumServices = 32

    let bus: DBusBus
    let logger: Logger

    /// A browser on `bus` (the system bus, where Avahi is), logging to `logger`.
    public init(bus: DBusBus = .system, logger: Logger) {
        self.bus = bus
        self.logger = logger
    }

    /// The servers announced within `seconds` (Avahi says when it has told all it knows; that ends
    /// the wait earlier). Throws ``DiscoveryError/avahiUnavailable(_:)`` without Avahi.
    public func browse(within seconds: Double = 3) async throws -> [DiscoveredServer] {
        do {
            return try await DBusConnection.onThread(bus: bus) { connection in
                try self.browse(on: connection, within: seconds)
            }
        } catch DBusClientError.cannotConnect(let why) {
            throw DiscoveryError.avahiUnavailable("no system bus: \(why)")
        }
    }

    private func browse(on connection: DBusConnection, within seconds: Double) throws -> [DiscoveredServer] {
        try connection.addMatch("type='signal',interface='\(Self.browserInterface)'")
        let arguments: [DBusValue] = [.int32(-1), .int32(-1), .string(Self.serviceType), .string("local"), .uint32(0)]
        // Its introspection data says whether it is Avahi 0.8 (ServiceBrowserPrepare) or older,
        // and names what an Avahi too old or too odd lacks, before anything relies on it.
        let described: DBusIntrospectionData?
        do {
            described = try connection.require(Self.service, "/", Self.serverInterface, methods: ["ResolveService", "ServiceBrowserNew"])
        } catch let error as DBusClientError where error.remoteName != nil || error == .disconnected {
            throw DiscoveryError.avahiUnavailable("\(error)")
        }
        let prepared = described?.interface(Self.serverInterface)?.methods.contains { $0.name == "ServiceBrowserPrepare" } ?? false
        let path = try Self.path(connection.call(Self.service, "/", Self.serverInterface, prepared ? "ServiceBrowserPrepare" : "ServiceBrowserNew", arguments, timeout: 5))
        defer { _ = try? connection.call(Self.service, path, Self.browserInterface, "Free", [], timeout: 2) }
        if prepared { try connection.call(Self.service, path, Self.browserInterface, "Start", [], timeout: 5) }
        var found: [(interface: Int32, protocol: Int32, name: String, domain: String)] = []
        let deadline = Deadline(in: seconds)
        while deadline.remaining > 0 {
            guard let signal = try connection.nextSignal(timeout: deadline.remaining), signal.path == path else { continue }
            if signal.member == "AllForNow" { break }
            if signal.member == "Failure" { throw DiscoveryError.avahiUnavailable(signal.arguments.first?.stringValue ?? "the browser failed") }
            guard signal.member == "ItemNew", found.count < Self.maximumServices, let interface = signal.arguments.first?.intValue,
                  let proto = signal.arguments.dropFirst().first?.intValue, let name = signal.arguments.dropFirst(2).first?.stringValue,
                  let domain = signal.arguments.dropFirst(4).first?.stringValue else { continue }
            found.append((Int32(truncatingIfNeeded: interface), Int32(truncatingIfNeeded: proto), name, domain))
        }
        var servers: [DiscoveredServer] = []
        for item in found {
            do {
                let resolved = try connection.call(
                    Self.service, "/", Self.serverInterface, "ResolveService",
                    [.int32(item.interface), .int32(item.protocol), .string(item.name), .string(Self.serviceType), .string(item.domain), .int32(-1), .uint32(0)], timeout: 5
                )
                let server = try Self.server(from: resolved)
                let known = servers.contains { $0.announcement.uuid.map { uuid in uuid == server.announcement.uuid } ?? ($0.url == server.url) }
                if !known { servers.append(server) }
            } catch {
                logger.warning("the announced server '\(item.name)' could not be resolved: \(error)")
            }
        }
        return servers
    }

    /// A `ResolveService` answer: interface, protocol, name, type, domain, host, aprotocol, address, port, txt, flags.
    static func server(from values: [DBusValue]) throws -> DiscoveredServer {
        guard values.count >= 10, let name = values[2].stringValue, let host = values[5].stringValue, let address = values[7].stringValue,
              let port = values[8].intValue, case .array(_, let entries) = values[9].unwrapped else {
            throw DiscoveryError.unexpectedAnswer("ResolveService answered \(values.map(\.signature).joined())")
        }
        let txt = entries.compactMap(\.bytesValue)
        return DiscoveredServer(name: name, host: host, address: address, port: port, announcement: try HomeAssistantAnnouncement(txt: txt))
    }

    private static func path(_ values: [DBusValue]) throws -> String {
        guard case .objectPath(let path)? = values.first?.unwrapped else { throw DiscoveryError.unexpectedAnswer("the service browser has no path") }
        return path
    }
}
