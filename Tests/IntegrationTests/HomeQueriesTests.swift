import Auth
import DeviceModel
import Essentials
import Foundation
import HAModels
import HomeAPI
import Networking
import XCTest

/// The seed's queries on `Home` against the real Home Assistant 2024.3.3: structures, rooms and
/// devices as lists and streams, across two signed-in servers, and the seed's permission check.
final class HomeQueriesTests: XCTestCase {
    private var world: TemporaryHomeWorld!

    override func setUpWithError() throws {
        world = try TemporaryHomeWorld()
    }

    override func tearDown() {
        world.tearDown()
    }

    private static func signIn(_ server: IntegrationEnvironment, at url: String? = nil) async throws -> Home {
        try await Home.signIn(to: url ?? server.url, using: .password(PasswordAnswers(username: server.username, password: server.password)))
    }

    /// The seed's "check if past permission is still valid", word for word.
    func checkPermissions() async -> Home? {
        guard let home = await Home.restoreSession() else {
            // No previous session.
            return nil
        }

        do {
            // Check if operations can be executed.
            _ = try await home.structures().list()
            // If this doesn't throw, it means that the session is valid.
            return home
        } catch {
            // If this throws a HomeError.permissionDenied it means that the session is no longer valid.
            return nil
        }
    }

    func testTheSeedsPermissionCheckHoldsUntilTheServerRevokesAccess() async throws {
        let server = try IntegrationEnvironment.require()
        let nobody = await checkPermissions()
        XCTAssertNil(nobody, "no previous session")
        let signedIn = try await Self.signIn(server)
        let checked = await checkPermissions()
        XCTAssertEqual(checked?.server, signedIn.server)
        let structures = try await signedIn.structures().list()
        let config = try await AdminConnection(server: server).send("get_config")
        XCTAssertEqual(structures.map(\.id), [signedIn.structureID])
        XCTAssertEqual(structures.first?.name, config.objectValue?["location_name"]?.stringValue)
        let rooms = try await signedIn.rooms().list()
        let areas = try await AdminConnection(server: server).send("config/area_registry/list")
        XCTAssertEqual(rooms.map(\.id).sorted(), (areas.arrayValue ?? []).compactMap { $0.objectValue?["area_id"]?.stringValue }.sorted())
        _ = try await signedIn.states()
        XCTAssertTrue(world.files.contains { $0.contains("/servers/") }, "the server has data here")

        let deleted = try await AdminConnection(server: server).revokeTokens(of: world.clientID)
        XCTAssertEqual(deleted, 1)
        let afterRevocation = await checkPermissions()
        XCTAssertNil(afterRevocation, "the session is no longer valid")
        let error = await expectHomeError(.permissionDenied) { try await signedIn.rooms().list() }
        XCTAssertTrue(error?.message.contains("was revoked") ?? false, String(describing: error))
        XCTAssertEqual(world.files.filter { $0.contains("/servers/") }, [], "the cached data is gone")
        XCTAssertTrue(try Home.servers().isEmpty)
    }

    func testAStreamThrowsPermissionDeniedWhenAccessIsRevokedWhileItRuns() async throws {
        let server = try IntegrationEnvironment.require()
        let home = try await Self.signIn(server)
        let clientID = world.clientID
        let outcome = try await within(60, "the device stream to end") {
            var devices = home.devices().stream().makeAsyncIterator()
            guard let first = try await devices.next(), !first.isEmpty else { return "no first list" }
            _ = try await AdminConnection(server: server).revokeTokens(of: clientID)
            do {
                while try await devices.next() != nil {}
                return "ended without an error"
            } catch let error as HomeError {
                return error.code.rawValue
            }
        }
        XCTAssertEqual(outcome, HomeErrorCode.permissionDenied.rawValue)
        XCTAssertEqual(world.files.filter { $0.contains("/servers/") }, [])
    }

    func testEverySignedInServerIsAStructureAndItsStreamFollowsSignInsRenamesAndSignOuts() async throws {
        let server = try IntegrationEnvironment.require()
        let home = try await Self.signIn(server)
        let port = try XCTUnwrap(URL(string: server.url)?.port)
        let otherURL = "http://localhost:\(port)"
        let admin = AdminConnection(server: server)
        let config = try await admin.send("get_config")
        let name = try XCTUnwrap(config.objectValue?["location_name"]?.stringValue)
        let outcome = await Result { try await within(90, "the structure stream to show each change") { () async throws -> [String] in
            var steps: [String] = []
            var structures = home.structures().stream().makeAsyncIterator()
            steps.append("first: \(try await structures.next { _ in true }.map(\.name))")
            let other = try await Self.signIn(server, at: otherURL)
            steps.append("signed in: \(try await structures.next { $0.count == 2 }.map(\.id))")
            _ = try await admin.send("config/core/update", ["location_name": .string("Renamed home")])
            steps.append("renamed: \(try await structures.next { $0.first?.name == "Renamed home" }.map(\.name))")
            await other.disconnect()
            steps.append("signed out: \(try await structures.next { $0.count == 1 }.map(\.id))")
            return steps
        } }
        _ = try await admin.send("config/core/update", ["location_name": .string(name)])
        let steps = try outcome.get()
        let own = home.structureID
        let otherID = try ServerAddress(otherURL).description
        XCTAssertEqual(steps, [
            "first: [\"\(name)\"]",
            "signed in: [\"\(own)\", \"\(otherID)\"]",
            "renamed: [\"Renamed home\", \"Renamed home\"]",
            "signed out: [\"\(own)\"]",
        ])
    }

    func testRoomsAndDevicesOfAnotherSignedInServerAreItsOwn() async throws {
        let server = try IntegrationEnvironment.require()
        let port = try XCTUnwrap(URL(string: server.url)?.port)
        let other = try await Self.signIn(server, at: "http://localhost:\(port)")
        let home = try await Self.signIn(server)
        let admin = AdminConnection(server: server)
        let created = try await admin.send("config/area_registry/create", ["name": .string("Query room \(UUID().uuidString.prefix(6))")])
        let areaID = try XCTUnwrap(created.objectValue?["area_id"]?.stringValue)
        let devices = try await home.devices().list()
        let device = try XCTUnwrap(devices.first { $0.entities.contains { $0.entityID == "light.ceiling_lights" } })
        _ = try await admin.send("config/device_registry/update", ["device_id": .string(device.id), "area_id": .string(areaID)])
        let structures = try await home.structures().list()
        let otherStructure = try XCTUnwrap(structures.first { $0.id == other.structureID })
        let rooms = try await home.rooms(in: otherStructure).list()
        XCTAssertEqual(Set(rooms.map(\.structureID)), [other.structureID])
        let room = try XCTUnwrap(rooms.first { $0.id == areaID })
        let inRoom = try await within(20, "the other server's model to see the move") {
            while true {
                let devices = try await home.devices(in: room).list()
                if !devices.isEmpty { return devices }
                try await Current.sleep(0.2)
            }
        }
        _ = try await admin.send("config/device_registry/update", ["device_id": .string(device.id), "area_id": device.roomID.map(JSONValue.string) ?? .null])
        _ = try await admin.send("config/area_registry/delete", ["area_id": .string(areaID)])
        XCTAssertEqual(inRoom.map(\.id), [device.id], "only that room's devices")
        let unknown = try JSONDecoder().decode(Structure.self, from: Data(#"{"id": "http://127.0.0.1:1", "name": "nowhere", "temperatureUnit": "°C"}"#.utf8))
        let error = await expectHomeError(.notFound) { try await home.rooms(in: unknown).list() }
        XCTAssertTrue(error?.message.contains("not signed in") ?? false, String(describing: error))
    }

    func testRoomAndDeviceStreamsShowAddsRenamesMovesAndRemovals() async throws {
        let server = try IntegrationEnvironment.require()
        let home = try await Self.signIn(server)
        let admin = AdminConnection(server: server)
        let devices = try await home.devices().list()
        let device = try XCTUnwrap(devices.first { $0.entities.contains { $0.entityID == "light.bed_light" } })
        let originalRoom = device.roomID
        let roomName = "Query room \(UUID().uuidString.prefix(6))"
        let roomSteps = try await within(60, "the room stream to show each change") { () async throws -> [String] in
            var steps: [String] = []
            var rooms = home.rooms().stream().makeAsyncIterator()
            _ = try await rooms.next { _ in true }
            let created = try await admin.send("config/area_registry/create", ["name": .string(roomName)])
            let id = try XCTUnwrap(created.objectValue?["area_id"]?.stringValue)
            steps.append("added: \(try await rooms.next { $0.contains { $0.id == id } }.filter { $0.id == id }.map(\.name))")
            _ = try await admin.send("config/area_registry/update", ["area_id": .string(id), "name": .string(roomName + " renamed")])
            steps.append("renamed: \(try await rooms.next { $0.contains { $0.name == roomName + " renamed" } }.filter { $0.id == id }.map(\.name))")
            let moved = try await within(30, "the device stream to show the move") { () async throws -> String? in
                var updates = home.devices().stream().makeAsyncIterator()
                _ = try await updates.next()
                _ = try await admin.send("config/device_registry/update", ["device_id": .string(device.id), "area_id": .string(id)])
                while let list = try await updates.next() {
                    if let now = list.first(where: { $0.id == device.id }), now.roomID == id { return now.roomID }
                }
                return nil
            }
            steps.append("moved: \(moved == id)")
            _ = try await admin.send("config/area_registry/delete", ["area_id": .string(id)])
            steps.append("removed: \(try await rooms.next { !$0.contains { $0.id == id } }.contains { $0.id == id })")
            return steps
        }
        _ = try await admin.send("config/device_registry/update", ["device_id": .string(device.id), "area_id": originalRoom.map(JSONValue.string) ?? .null])
        XCTAssertEqual(roomSteps, ["added: [\"\(roomName)\"]", "renamed: [\"\(roomName) renamed\"]", "moved: true", "removed: false"])
        let renamed = try await within(30, "a device rename to show") { () async throws -> String? in
            var updates = home.devices().stream().makeAsyncIterator()
            _ = try await updates.next()
            _ = try await admin.send("config/device_registry/update", ["device_id": .string(device.id), "name_by_user": .string("Query lamp")])
            while let list = try await updates.next() {
                if let now = list.first(where: { $0.id == device.id }), now.name == "Query lamp" { return now.name }
            }
            return nil
        }
        _ = try await admin.send("config/device_registry/update", ["device_id": .string(device.id), "name_by_user": .null])
        XCTAssertEqual(renamed, "Query lamp")
    }

    func testTheDeviceStreamShowsADeviceAddedAndRemoved() async throws {
        let server = try IntegrationEnvironment.require()
        let home = try await Self.signIn(server)
        let admin = AdminConnection(server: server)
        let name = "Query helper \(UUID().uuidString.prefix(6))"
        let steps = try await within(60, "the device stream to show the helper come and go") { () async throws -> [String] in
            var devices = home.devices(DeviceQuery(includeStandalone: true)).stream().makeAsyncIterator()
            _ = try await devices.next { _ in true }
            let created = try await admin.send("input_boolean/create", ["name": .string(name)])
            let id = try XCTUnwrap(created.objectValue?["id"]?.stringValue)
            var steps = ["input_boolean.\(id)", "added: \(try await devices.next { $0.contains { $0.name == name } }.filter { $0.name == name }.map(\.id))"]
            _ = try await admin.send("input_boolean/delete", ["input_boolean_id": .string(id)])
            steps.append("removed: \(try await devices.next { !$0.contains { $0.name == name } }.contains { $0.name == name })")
            return steps
        }
        let entityID = try XCTUnwrap(steps.first)
        XCTAssertEqual(Array(steps.dropFirst()), ["added: [\"\(entityID)\"]", "removed: false"], "a standalone entity is a device of its own, by its entity id")
    }
}
