import Foundation
import LoopbackTestSupport
import XCTest

/// `push-relay` processes on a real Redis Cluster (three primaries, three replicas): a relay
/// given one seed finds every node, notifications cross between processes, a primary killed
/// under load loses nothing that was answered 201, and a slot migrating while notifications
/// flow (`ASK`, then `MOVED`) loses nothing either.
final class RelayRedisClusterTests: XCTestCase {
    private var cluster: RedisTestCluster!
    private var relays: [RelayProcess] = []

    override func setUpWithError() throws {
        cluster = try RedisTestCluster()
    }

    override func tearDown() {
        relays.forEach { $0.stop() }
        cluster?.stop()
    }

    private func startRelays() throws -> (RelayProcess, RelayProcess) {
        relays = [
            try RelayProcess(["redis_url": cluster.url(seeds: 1)]),
            try RelayProcess(["redis_url": cluster.url(seeds: 6)]),
        ]
        return (relays[0], relays[1])
    }

    private static func push(_ token: String, _ message: String) -> [String: Any] {
        ["push_token": token, "registration_info": ["app_id": "io.homecompanion.linux", "app_version": "1"], "message": message]
    }

    /// The queue key the cluster holds for the only device with something queued, and the port of its primary.
    private func queue() throws -> (key: String, port: Int) {
        for primary in try cluster.primaries() {
            let keys = try cluster.call(primary.port, ["KEYS", "push-relay:{g*}:queue:*"]).split(separator: "\n")
            if let key = keys.first { return (String(key), primary.port) }
        }
        throw HTTPExchangeError(message: "no queue in the cluster")
    }

    func testARelayGivenOneSeedFindsEveryNodeAndDeliveryCrossesProcesses() async throws {
        let (seeded, full) = try startRelays()
        var devices: [(token: String, secret: String)] = []
        for index in 0..<30 {
            let device = try await (index.isMultiple(of: 2) ? seeded : full).register()
            let sent = try await HTTPExchange.send("POST", seeded.url("/push/send"), json: Self.push(device.token, "hello \(index)"))
            XCTAssertEqual(sent.status, 201, String(decoding: sent.body, as: UTF8.self))
            devices.append(device)
        }
        // Thirty devices over 64 groups: every primary holds some of the queues.
        for primary in try cluster.primaries() {
            let keys = try cluster.call(primary.port, ["KEYS", "push-relay:{g*}:queue:*"]).split(separator: "\n")
            XCTAssertFalse(keys.isEmpty, "the primary on \(primary.port) holds queues too")
        }
        for (index, device) in devices.enumerated() {
            let stream = try RawConnection(port: full.port)
            stream.send("GET /push/stream HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(device.secret)\r\n\r\n")
            XCTAssertTrue(stream.read(until: "hello \(index)\"", timeout: 5).contains("hello \(index)\""), "device \(index)")
        }
        // Live: posted to the relay with one seed, announced on the group's sharded channel to the other.
        let device = devices[0]
        let live = try RawConnection(port: full.port)
        live.send("GET /push/stream HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(device.secret)\r\n\r\n")
        XCTAssertTrue(live.read(until: "hello 0\"", timeout: 5).contains("hello 0"))
        let sent = try await HTTPExchange.send("POST", seeded.url("/push/send"), json: Self.push(device.token, "live"))
        XCTAssertEqual(sent.status, 201)
        XCTAssertTrue(live.read(until: "\"live\"", timeout: 5).contains("\"live\""))
        let healthy = try await HTTPExchange.send("GET", seeded.url("/healthz"))
        XCTAssertEqual(healthy.status, 200, String(decoding: healthy.body, as: UTF8.self))
    }

    func testTheTotalCapsAreSharedOutAmongTheGroups() async throws {
        // 128 in all over 64 groups: each group holds 2, fewer than one token's cap of 3.
        relays = [try RelayProcess(["redis_url": cluster.url(), "queue_per_token": "3", "queue_total": "128"])]
        let relay = relays[0]
        XCTAssertTrue(relay.errorText.contains("may hold 2 notifications"), relay.errorText)
        let device = try await relay.register()
        for number in 1...5 {
            let sent = try await HTTPExchange.send("POST", relay.url("/push/send"), json: Self.push(device.token, "q\(number)"))
            XCTAssertEqual(sent.status, 201)
        }
        let stream = try RawConnection(port: relay.port)
        stream.send("GET /push/stream HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(device.secret)\r\n\r\n")
        let text = stream.read(until: "\"q5\"", timeout: 5)
        XCTAssertEqual(["q1", "q2", "q3", "q4", "q5"].filter { text.contains("\"\($0)\"") }, ["q4", "q5"], "the group's budget keeps the newest two: \(text)")
        try await Task.sleep(nanoseconds: 2_500_000_000)
        let metrics = String(decoding: try await HTTPExchange.send("GET", relay.url("/metrics")).body, as: UTF8.self)
        XCTAssertTrue(metrics.contains("push_relay_dropped_total 3"), metrics)
        XCTAssertTrue(metrics.contains("push_relay_queue_depth 2"), "the depth summed over the groups: \(metrics)")
    }

    func testAPrimaryKilledUnderLoadLosesNothingThatGot201() async throws {
        let (sender, receiver) = try startRelays()
        let device = try await sender.register()
        let first = try await HTTPExchange.send("POST", sender.url("/push/send"), json: Self.push(device.token, "n0"))
        XCTAssertEqual(first.status, 201)
        let (_, primaryPort) = try queue()
        let stream = try RawConnection(port: receiver.port)
        stream.send("GET /push/stream HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(device.secret)\r\n\r\n")
        var text = stream.read(until: "\"n0\"", timeout: 5)
        XCTAssertTrue(text.contains("n0"))
        var accepted = ["n0"], refused = 0
        for number in 1...120 {
            if number == 30 { cluster.kill(primaryPort) }
            let answer = try await HTTPExchange.send("POST", sender.url("/push/send"), json: Self.push(device.token, "n\(number)"))
            if answer.status == 201 { accepted.append("n\(number)") } else { refused += 1 }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        try cluster.waitUntilHealthy()
        XCTAssertNotEqual(try cluster.primary(of: cluster.slot(of: try queue().key)), primaryPort, "a replica took over")
        XCTAssertGreaterThan(accepted.count, 100, "requests during the failover waited for it instead of failing (\(refused) refused)")
        let last = try XCTUnwrap(accepted.last)
        text += stream.read(until: "\"\(last)\"", timeout: 20)
        let seen = text.components(separatedBy: "\"body\":\"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
        var firstSeen: [String] = []
        for message in seen where !firstSeen.contains(message) { firstSeen.append(message) }
        XCTAssertEqual(Set(accepted).subtracting(firstSeen), [], "every notification answered 201 arrived")
        let order = firstSeen.compactMap { Int($0.dropFirst()) }
        XCTAssertEqual(order, order.sorted(), "in order")
        XCTAssertEqual(relays.map { $0.process.isRunning }, [true, true])
    }

    func testASlotMigratingWhileNotificationsFlowLosesNothing() async throws {
        let (sender, receiver) = try startRelays()
        let device = try await sender.register()
        let first = try await HTTPExchange.send("POST", sender.url("/push/send"), json: Self.push(device.token, "m0"))
        XCTAssertEqual(first.status, 201)
        let (queueKey, source) = try queue()
        let slot = try cluster.slot(of: queueKey)
        let target = try XCTUnwrap(try cluster.primaries().first { $0.port != source }?.port)
        let sourceID = try cluster.call(source, ["CLUSTER", "MYID"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let targetID = try cluster.call(target, ["CLUSTER", "MYID"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let stream = try RawConnection(port: receiver.port)
        stream.send("GET /push/stream HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(device.secret)\r\n\r\n")
        XCTAssertTrue(stream.read(until: "\"m0\"", timeout: 5).contains("m0"))

        // The slot starts to move: the target imports it, the source migrates it, its keys go over.
        try cluster.call(target, ["CLUSTER", "SETSLOT", String(slot), "IMPORTING", sourceID])
        try cluster.call(source, ["CLUSTER", "SETSLOT", String(slot), "MIGRATING", targetID])
        let keys = try cluster.call(source, ["CLUSTER", "GETKEYSINSLOT", String(slot), "1000"]).split(separator: "\n").map(String.init)
        XCTAssertFalse(keys.isEmpty)
        try cluster.call(source, ["MIGRATE", "127.0.0.1", String(target), "", "0", "5000", "KEYS"] + keys)
        // The source no longer has the keys: it answers ASK, and the relay asks the target.
        let during = try await HTTPExchange.send("POST", sender.url("/push/send"), json: Self.push(device.token, "m1"))
        XCTAssertEqual(during.status, 201, String(decoding: during.body, as: UTF8.self))
        XCTAssertTrue(try cluster.call(source, ["XLEN", queueKey]).hasPrefix("ASK \(slot) "), "the source sends its clients on, this once")
        // The move completes: every primary is told; the relay is sent there by MOVED.
        for port in try cluster.primaries().map(\.port) {
            try cluster.call(port, ["CLUSTER", "SETSLOT", String(slot), "NODE", targetID])
        }
        let after = try await HTTPExchange.send("POST", sender.url("/push/send"), json: Self.push(device.token, "m2"))
        XCTAssertEqual(after.status, 201, String(decoding: after.body, as: UTF8.self))
        let text = stream.read(until: "\"m2\"", timeout: 10)
        let order = ["m1", "m2"].map { text.range(of: "\"\($0)\"")?.lowerBound }
        XCTAssertFalse(order.contains(nil), "m1 and m2 arrived on the stream the other relay holds: \(text)")
        XCTAssertEqual(order.compactMap { $0 }, order.compactMap { $0 }.sorted())
        XCTAssertEqual(try cluster.primary(of: slot), target)
        XCTAssertTrue(receiver.errorText.contains("ended the subscription"),
            "the source said sunsubscribe for the slot's channel and the relay subscribed anew: \(receiver.errorText)")
        XCTAssertEqual(try cluster.call(target, ["XLEN", queueKey]).trimmingCharacters(in: .whitespacesAndNewlines), "3", "m0, m1 and m2 are on the target")
    }
}
