import DBus
import DBusTestSupport
import Foundation
import XCTest

/// The D-Bus client against a private dbus-daemon: every value type round-trips, bad values are
/// refused before libdbus sees them, remote errors, timeouts, the size limit and a bus that dies.
final class DBusConnectionTests: XCTestCase {
    private var bus: PrivateBus!

    override func setUpWithError() throws {
        bus = try PrivateBus()
    }

    override func tearDown() {
        bus.stop()
    }

    private func connect() throws -> DBusConnection {
        try DBusConnection(bus: .address(bus.address))
    }

    func testEveryValueTypeRoundTripsThroughASignal() throws {
        let connection = try connect()
        try connection.addMatch("type='signal',interface='org.example.Test'")
        let values: [DBusValue] = [
            .byte(0xFE), .bool(true), .int16(-2), .uint16(65_000), .int32(-70_000), .uint32(4_000_000_000), .int64(.min), .uint64(.max),
            .double(-1.5), .string("héllo ✓"), .objectPath("/org/bluez/hci0/dev_AA_BB"), .signature("a{sv}"),
            .bytes([0, 1, 255]), .array(element: "s", []), .properties(["Name": .string("x"), "RSSI": .int16(-60), "UUIDs": .strings(["a", "b"])]),
            .structure([.string("a"), .int32(1), .variant(.bytes([9]))]), .variant(.variant(.bool(false))),
        ]
        try connection.emit("/org/example/Thing", "org.example.Test", "Everything", values)
        let signal = try XCTUnwrap(try connection.nextSignal(timeout: 5))
        XCTAssertEqual(signal.member, "Everything")
        XCTAssertEqual(signal.path, "/org/example/Thing")
        XCTAssertEqual(signal.sender, connection.uniqueName)
        XCTAssertEqual(signal.arguments, values)
        XCTAssertEqual(signal.arguments[14].dictionaryValue?["RSSI"]?.intValue, -60)
        XCTAssertEqual(signal.arguments[12].bytesValue, [0, 1, 255])
    }

    func testOnlyTheOwnerOfAWellKnownNameIsBelievedThoughAnyoneCanSendASignalStraightHere() throws {
        let service = try connect(), forger = try connect(), listener = try connect()
        let requested = try service.call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "RequestName", [.string("org.example.Service"), .uint32(4)])
        XCTAssertEqual(requested.first?.intValue, 1, "the service owns its name")
        try listener.addMatch("type='signal',sender='org.example.Service',interface='org.example.Test'")
        // Addressed to the listener, a forged signal passes the match rule: the bus filters broadcasts only.
        try forger.emit("/org/example/Thing", "org.example.Test", "Pressed", [.string("forged")], to: listener.uniqueName)
        try service.emit("/org/example/Thing", "org.example.Test", "Pressed", [.string("real")])
        let first = try XCTUnwrap(try listener.nextSignal(timeout: 5)), second = try XCTUnwrap(try listener.nextSignal(timeout: 5))
        XCTAssertEqual([first, second].map { $0.arguments.first?.stringValue }, ["forged", "real"], "both arrive")
        let owner = DBusNameOwner(name: "org.example.Service")
        XCTAssertFalse(owner.sent(first, on: listener))
        XCTAssertTrue(owner.sent(second, on: listener))
        XCTAssertEqual(listener.owner(of: "org.example.Service"), service.uniqueName)
        XCTAssertNil(listener.owner(of: "org.example.Nobody"))
        // The service restarts under a new unique name: its signals are believed again.
        service.close()
        let restarted = try connect()
        _ = try restarted.call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "RequestName", [.string("org.example.Service"), .uint32(4)])
        try restarted.emit("/org/example/Thing", "org.example.Test", "Pressed", [.string("again")])
        XCTAssertTrue(owner.sent(try XCTUnwrap(try listener.nextSignal(timeout: 5)), on: listener))
    }

    func testValuesLibdbusWouldAbortOnAreRefusedFirst() throws {
        let connection = try connect()
        let refused: [[DBusValue]] = [
            [.string("a\u{0}b")], [.objectPath("not/a/path")], [.objectPath("/trailing/")], [.signature("a{")],
            [.array(element: "s", [.int32(1)])], [.array(element: "ss", [])], [.dictionaryEntry(.string("k"), .int32(1))],
            [.array(element: "{vs}", [.dictionaryEntry(.variant(.int32(1)), .string("x"))])], [.structure([])],
        ]
        for arguments in refused {
            XCTAssertThrowsError(try connection.emit("/p", "org.example.Test", "Bad", arguments), "\(arguments)") { error in
                guard case DBusClientError.invalidValue = error else { return XCTFail("\(arguments): \(error)") }
            }
        }
        XCTAssertThrowsError(try connection.call("not a name", "/", "org.example.X", "Y"))
        XCTAssertThrowsError(try connection.emit("/p", "no-dots", "Bad"))
        // The connection still works afterwards.
        XCTAssertFalse(try connection.call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "ListNames").isEmpty)
    }

    func testRemoteErrorsCarryTheirNames() throws {
        let connection = try connect()
        XCTAssertThrowsError(try connection.call("org.bluez", "/", "org.freedesktop.DBus.ObjectManager", "GetManagedObjects", timeout: 2)) { error in
            XCTAssertEqual((error as? DBusClientError)?.remoteName, "org.freedesktop.DBus.Error.ServiceUnknown", "\(error)")
        }
        XCTAssertThrowsError(try connection.call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NoSuchMethod")) { error in
            XCTAssertEqual((error as? DBusClientError)?.remoteName, "org.freedesktop.DBus.Error.UnknownMethod", "\(error)")
        }
    }

    func testNoSignalIsNilAfterTheTimeout() throws {
        let connection = try connect()
        let started = Date()
        XCTAssertNil(try connection.nextSignal(timeout: 0.3))
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.3)
    }

    func testAMessageOverTheSizeLimitEndsTheConnectionInsteadOfFillingMemory() throws {
        let connection = try connect()
        try connection.addMatch("type='signal',interface='org.example.Test'")
        try connection.emit("/p", "org.example.Test", "Huge", [.bytes([UInt8](repeating: 7, count: DBusConnection.maximumMessageBytes + 1024))])
        XCTAssertThrowsError(try connection.nextSignal(timeout: 10)) { error in
            XCTAssertEqual(error as? DBusClientError, .disconnected)
        }
    }

    func testABusThatGoesAwayIsReportedAndAnUnreachableOneIsAClearError() throws {
        let connection = try connect()
        bus.stop()
        XCTAssertThrowsError(try connection.nextSignal(timeout: 5)) { error in
            XCTAssertEqual(error as? DBusClientError, .disconnected)
        }
        XCTAssertThrowsError(try connection.call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "ListNames")) { error in
            XCTAssertEqual(error as? DBusClientError, .disconnected)
        }
        XCTAssertThrowsError(try DBusConnection(bus: .address("unix:path=/nonexistent/socket"))) { error in
            guard case DBusClientError.cannotConnect = error else { return XCTFail("\(error)") }
        }
    }

    func testAnExportedObjectAnswersCallsAndUnknownOnesGetAnError() throws {
        let server = try connect()
        XCTAssertTrue(try server.requestName("org.example.Served"))
        let other = try connect()
        XCTAssertFalse(try other.requestName("org.example.Served"), "the name is taken and the request does not queue")
        let serving = Thread {
            var answered = 0
            while answered < 2, let received = try? server.next(timeout: 5) {
                guard case .call(let call) = received else { continue }
                answered += 1
                if call.member == "Echo" {
                    try? server.reply(to: call, [.string("echo"), .structure(call.arguments)])
                } else {
                    try? server.replyError(to: call, name: "org.freedesktop.DBus.Error.UnknownMethod", message: "no \(call.member)")
                }
            }
        }
        serving.start()
        let answer = try other.call("org.example.Served", "/org/example/Thing", "org.example.Test", "Echo", [.int32(7), .strings(["a"])], timeout: 5)
        XCTAssertEqual(answer, [.string("echo"), .structure([.int32(7), .strings(["a"])])])
        XCTAssertThrowsError(try other.call("org.example.Served", "/org/example/Thing", "org.example.Test", "Nope", [], timeout: 5)) { error in
            XCTAssertEqual((error as? DBusClientError)?.remoteName, "org.freedesktop.DBus.Error.UnknownMethod")
        }
        // A connection that only reads signals answers calls to it with an error, never silence.
        XCTAssertThrowsError(try server.call(other.uniqueName, "/x", "org.example.Test", "Echo", [], timeout: 5)) { error in
            XCTAssertNotNil((error as? DBusClientError)?.remoteName, "\(error)")
        }
    }

    func testARemoteObjectIsCheckedAgainstItsIntrospectionData() throws {
        let server = try connect()
        XCTAssertTrue(try server.requestName("org.example.Old"))
        let described = DBusIntrospectionData(interfaces: [
            .introspectable, DBusInterfaceDescription("org.example.Old", methods: [DBusMemberDescription("Start")], signals: [DBusMemberDescription("Changed")]),
        ])
        let serving = Thread {
            var answered = 0
            while answered < 3, let received = try? server.next(timeout: 5) {
                guard case .call(let call) = received else { continue }
                answered += 1
                try? server.reply(to: call, [.string((try? DBusIntrospection.xml(described)) ?? "")])
            }
        }
        serving.start()
        let client = try connect()
        XCTAssertNotNil(try client.require("org.example.Old", "/thing", "org.example.Old", methods: ["Start"], signals: ["Changed"]))
        XCTAssertThrowsError(try client.require("org.example.Old", "/thing", "org.example.Old", methods: ["Start", "Stop"])) { error in
            XCTAssertEqual(error as? DBusClientError, .missingMember(service: "org.example.Old", interface: "org.example.Old", member: "Stop"))
            XCTAssertEqual("\(error)", "org.example.Old has no org.example.Old.Stop: it is older than this companion needs, or not the service it expects")
        }
        XCTAssertThrowsError(try client.require("org.example.Old", "/thing", "org.example.Other", signals: ["Changed"])) { error in
            XCTAssertEqual(error as? DBusClientError, .missingMember(service: "org.example.Old", interface: "org.example.Other", member: "Changed"))
        }
    }
}
