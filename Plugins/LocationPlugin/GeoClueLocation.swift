import Agent
import DBus
import Essentials
import FoundationEssentials

/// This machine's location from GeoClue (`org.freedesktop.GeoClue2` on the system bus): a
/// client for the desktop id `homecompanion` asks for the best accuracy GeoClue allows, starts,
/// and takes the first `LocationUpdated` (GeoClue's agent may ask the person first); the
/// client stops again. The blocking D-Bus calls run on a thread of their own.
struct GeoClueLocation: LocationSource {
    static let service = "org.freedesktop.GeoClue2"
    static let desktopID = "homecompanion"
    /// GeoClue's `GCLUE_ACCURACY_LEVEL_EXACT`.
    static let exactAccuracy: UInt32 = 8

    let bus: DBusBus
    /// How long to wait for a fix.
    var timeout: Double = 30

    func locate() async throws -> LocationFix {
        let timeout = timeout
        do {
            return try await DBusConnection.onThread(bus: bus) { connection in try Self.locate(on: connection, timeout: timeout) }
        } catch let error as DBusClientError {
            guard case .cannotConnect = error else { throw error }
            throw GeoClueError(description: "GeoClue cannot be reached on the system bus: \(error)")
        }
    }

    private static func locate(on connection: DBusConnection, timeout: Double) throws -> LocationFix {
        try connection.require(service, "/org/freedesktop/GeoClue2/Manager", "\(service).Manager", methods: ["GetClient"])
        let manager = try call(connection, "/org/freedesktop/GeoClue2/Manager", "Manager", "GetClient")
        guard let client = manager.first?.stringValue else { throw GeoClueError(description: "GeoClue gave no client") }
        try connection.require(service, client, "\(service).Client", methods: ["Start", "Stop"], signals: ["LocationUpdated"])
        try connection.addMatch("type='signal',sender='\(service)',path='\(client)',interface='\(service).Client',member='LocationUpdated'")
        try set(connection, client, "DesktopId", .string(desktopID))
        try set(connection, client, "RequestedAccuracyLevel", .uint32(exactAccuracy))
        try call(connection, client, "Client", "Start")
        defer { _ = try? call(connection, client, "Client", "Stop") }
        let deadline = Deadline(in: timeout)
        // Only GeoClue's own signals: anyone on the bus may send one addressed to this connection.
        let geoClue = DBusNameOwner(name: service)
        while case let left = deadline.remaining, left > 0 {
            guard let signal = try connection.nextSignal(timeout: left) else { break }
            guard geoClue.sent(signal, on: connection), signal.path == client, signal.member == "LocationUpdated", let location = signal.arguments.dropFirst().first?.stringValue else { continue }
            return try fix(at: location, connection)
        }
        throw GeoClueError(description: "GeoClue gave no location within \(Int(timeout)) s (is location allowed for \(desktopID)?)")
    }

    private static func fix(at location: String, _ connection: DBusConnection) throws -> LocationFix {
        let reply = try connection.call(service, location, "org.freedesktop.DBus.Properties", "GetAll", [.string("\(service).Location")], timeout: 5)
        let properties = reply.first?.dictionaryValue ?? [:]
        guard case .double(let latitude)? = properties["Latitude"]?.unwrapped, (-90...90).contains(latitude),
              case .double(let longitude)? = properties["Longitude"]?.unwrapped, (-180...180).contains(longitude)
        else {
            throw GeoClueError(description: "GeoClue's location has no valid latitude and longitude")
        }
        var accuracy = 0.0
        if case .double(let metres)? = properties["Accuracy"]?.unwrapped, metres.isFinite, metres >= 0 { accuracy = metres }
        return LocationFix(latitude: latitude, longitude: longitude, accuracy: accuracy)
    }

    @discardableResult
    private static func call(_ connection: DBusConnection, _ path: String, _ interface: String, _ method: String) throws -> [DBusValue] {
        try connection.call(service, path, "\(service).\(interface)", method, [], timeout: 10)
    }

    private static func set(_ connection: DBusConnection, _ client: String, _ property: String, _ value: DBusValue) throws {
        try connection.call(service, client, "org.freedesktop.DBus.Properties", "Set", [.string("\(service).Client"), .string(property), .variant(value)], timeout: 5)
    }
}
