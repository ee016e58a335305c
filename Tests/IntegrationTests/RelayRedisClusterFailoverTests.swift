import Foundation
import LoopbackTestSupport
import XCTest

/// A relay waiting out a failover of its Redis Cluster re-reads the slot map through the
/// connections it has, at most every 50 ms: the surviving nodes see few new connections, where
/// each retry of each waiting request used to open one.
final class RelayRedisClusterFailoverTests: XCTestCase {
    private var cluster: RedisTestCluster!
    private var relay: RelayProcess?

    override func setUpWithError() throws {
        cluster = try RedisTestCluster()
    }

    override func tearDown() {
        relay?.stop()
        cluster?.stop()
    }

    private static func push(_ token: String, _ message: String) -> [String: any Sendable] {
        ["push_token": token, "registration_info": ["app_id": "io.homecompanion.linux", "app_version": "1"], "message": message]
    }

    /// Client connections the nodes at `ports` have accepted so far (each asking adds one).
    private func connectionsReceived(_ ports: [Int]) throws -> Int {
        try ports.reduce(0) { sum, port in
            let stats = try cluster.call(port, ["INFO", "stats"])
            let line = stats.split(whereSeparator: \.isNewline).first { $0.hasPrefix("total_connections_received:") }
            return sum + (line.flatMap { Int($0.split(separator: ":")[1]) } ?? 0)
        }
    }

    func testAFailoverUnderConcurrentSendsOpensFewConnections() async throws {
        let relay = try RelayProcess(["redis_url": cluster.url(seeds: 1)])
        self.relay = relay
        var devices: [(token: String, secret: String)] = []
        for _ in 0..<16 { devices.append(try await relay.register()) }
        for device in devices {
            let answer = try await HTTPExchange.send("POST", relay.url("/push/send"), json: Self.push(device.token, "warm"))
            XCTAssertEqual(answer.status, 201)
        }
        let primaries = try cluster.primaries().map(\.port)
        let killed = try XCTUnwrap(primaries.first)
        let survivors = cluster.ports.filter { $0 != killed }
        let before = try connectionsReceived(survivors)
        let sending = Date().addingTimeInterval(5), sendURL = relay.url("/push/send")
        cluster.kill(killed)
        let answered = try await withThrowingTaskGroup(of: Int.self) { group in
            for device in devices {
                group.addTask {
                    var answered = 0
                    while Date() < sending {
                        let answer = try await HTTPExchange.send("POST", sendURL, json: Self.push(device.token, "m"))
                        if answer.status == 201 { answered += 1 }
                    }
                    return answered
                }
            }
            return try await group.reduce(0, +)
        }
        // Before this relay read the map through its pools, each retry opened a connection: 56-60 here.
        let opened = try connectionsReceived(survivors) - before - survivors.count
        XCTAssertGreaterThan(answered, 16, "sends went on through the failover")
        XCTAssertLessThan(opened, 40, "connections opened on the surviving nodes during the failover (\(answered) sends answered 201)")
    }
}
