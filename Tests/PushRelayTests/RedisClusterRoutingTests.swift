@testable import PushRelay
import XCTest

/// What a cluster client must agree on with Redis before it sends anything: slots of keys and
/// hash tags, redirections, cluster URLs, the slot map, and a key layout where every script's
/// keys share one slot.
final class RedisClusterRoutingTests: XCTestCase {
    func testSlotsAreThoseRedisComputes() {
        // Values from Redis Cluster's specification and `CLUSTER KEYSLOT`.
        XCTAssertEqual(RedisKeySlot.crc16(Array("123456789".utf8)), 0x31C3)
        XCTAssertEqual(RedisKeySlot.of("foo"), 12_182)
        XCTAssertEqual(RedisKeySlot.of("{user1000}.following"), RedisKeySlot.of("{user1000}.followers"))
        XCTAssertEqual(RedisKeySlot.of("{user1000}.following"), RedisKeySlot.of("user1000"))
        XCTAssertEqual(RedisKeySlot.of("foo{}{bar}"), Int(RedisKeySlot.crc16(Array("foo{}{bar}".utf8)) & 0x3FFF), "an empty tag is no tag")
        XCTAssertEqual(RedisKeySlot.of("foo{{bar}}zap"), RedisKeySlot.of("{bar"), "the tag ends at the first }")
        XCTAssertEqual(RedisKeySlot.of("foo{bar"), Int(RedisKeySlot.crc16(Array("foo{bar".utf8)) & 0x3FFF), "an unclosed { is no tag")
        XCTAssertEqual(RedisKeySlot.of(""), 0)
    }

    func testRedirectionsAreRead() {
        XCTAssertEqual(RedisRedirection("MOVED 3999 127.0.0.1:6381"), .moved(slot: 3999, node: RedisNode(host: "127.0.0.1", port: 6381)))
        XCTAssertEqual(RedisRedirection("ASK 3999 [::1]:7000"), .ask(slot: 3999, node: RedisNode(host: "::1", port: 7000)))
        for other in ["ERR unknown command", "MOVED 16384 127.0.0.1:6381", "MOVED x 127.0.0.1:6381", "ASK 1 127.0.0.1", "ASK 1 :80", "MOVED 1 h:0", "TRYAGAIN Multiple keys request during rehashing of slot", ""] {
            XCTAssertNil(RedisRedirection(other), other)
        }
    }

    func testClusterURLsNameSeedsAndCredentialsAndRefuseTheRest() throws {
        let address = try RedisAddress("redis+cluster://relay:s%40cret@10.0.0.1:7000,10.0.0.2:7001,[fd00::3]:7002")
        XCTAssertTrue(address.isCluster)
        XCTAssertEqual(address.seeds, [RedisNode(host: "10.0.0.1", port: 7000), RedisNode(host: "10.0.0.2", port: 7001), RedisNode(host: "fd00::3", port: 7002)])
        XCTAssertEqual(address.user, "relay")
        XCTAssertEqual(address.password, "s@cret")
        XCTAssertFalse(address.usesTLS)
        XCTAssertEqual(address.description, "redis+cluster://10.0.0.1:7000,10.0.0.2:7001,[fd00::3]:7002", "no password in what is logged")
        let node = address.node(RedisNode(host: "10.0.0.9", port: 7009))
        XCTAssertEqual([node.host, node.user, node.password], ["10.0.0.9", "relay", "s@cret"])
        XCTAssertFalse(node.isCluster)
        XCTAssertTrue(try RedisAddress("rediss+cluster://:pw@h:1/0").usesTLS)
        XCTAssertFalse(try RedisAddress("redis://127.0.0.1:6379/2").isCluster)
        for bad in ["redis+cluster://", "redis+cluster://h", "redis+cluster://h:1,", "redis+cluster://h:1/2", "redis+cluster://h:99999", "redis+cluster://:1"] {
            XCTAssertThrowsError(try RedisAddress(bad), bad)
        }
    }

    func testTheSlotMapIsReadFromClusterSlots() throws {
        let node = { (host: String, port: Int64) in RedisValue.array([.string(host), .integer(port), .string("id")]) }
        let reply = RedisValue.array([
            .array([.integer(0), .integer(5460), node("10.0.0.1", 7000), node("10.0.0.4", 7003)]),
            .array([.integer(5461), .integer(16383), node("", 7001)]),
        ])
        var map = try RedisSlotMap(slotsReply: reply, from: RedisNode(host: "10.0.0.2", port: 7001))
        XCTAssertEqual(map.owner(of: 0), RedisNode(host: "10.0.0.1", port: 7000))
        XCTAssertEqual(map.owner(of: 16_383), RedisNode(host: "10.0.0.2", port: 7001), "an empty host is the node asked")
        XCTAssertTrue(map.hasReplicas(5460))
        XCTAssertFalse(map.hasReplicas(5461))
        map.move(5461, to: RedisNode(host: "10.0.0.5", port: 7004))
        XCTAssertEqual(map.owner(of: 5461), RedisNode(host: "10.0.0.5", port: 7004))
        XCTAssertEqual(map.owner(of: 5462), RedisNode(host: "10.0.0.2", port: 7001))
        let partial = try RedisSlotMap(slotsReply: .array([.array([.integer(0), .integer(10), node("h", 1)])]), from: RedisNode(host: "h", port: 1))
        XCTAssertNil(partial.owner(of: 11), "a slot no node serves")
        for bad: RedisValue in [.array([]), .string("x"), .array([.array([.integer(5), .integer(4), node("h", 1)])]),
                                .array([.array([.integer(0), .integer(16384), node("h", 1)])]), .array([.array([.integer(0), .integer(1), .array([.string("h")])])])] {
            XCTAssertThrowsError(try RedisSlotMap(slotsReply: bad, from: RedisNode(host: "h", port: 1)), "\(bad)")
        }
    }

    func testOneRedisKeepsItsKeyNames() {
        let layout = RedisKeyLayout.single
        XCTAssertEqual(layout.queueKey("abc"), "push-relay:queue:abc")
        XCTAssertEqual(layout.totalsKey(layout.group(of: "abc")), "push-relay:totals")
        XCTAssertEqual(layout.sizesKey(0), "push-relay:sizes")
        XCTAssertEqual(layout.channels, ["push-relay:deliveries"])
        XCTAssertEqual(layout.publishCommand, "PUBLISH")
        XCTAssertEqual(layout.registrationKeys.tokens, "push-relay:registrations:tokens")
        XCTAssertEqual(layout.budget(QueueLimits()), QueueLimits())
    }

    func testInAClusterEachScriptsKeysShareOneSlotAndTheBudgetsSumToTheTotal() {
        let layout = RedisKeyLayout.cluster
        var groupsSeen = Set<Int>()
        for index in 0..<2_000 {
            let member = "member\(index)"
            let group = layout.group(of: member)
            groupsSeen.insert(group)
            let slot = RedisKeySlot.of(layout.queueKey(member))
            XCTAssertEqual(RedisKeySlot.of(layout.totalsKey(group)), slot)
            XCTAssertEqual(RedisKeySlot.of(layout.sizesKey(group)), slot)
            XCTAssertEqual(RedisKeySlot.of(layout.channel(group)), slot)
            XCTAssertEqual(layout.member(ofQueueKey: layout.queueKey(member)), member)
        }
        XCTAssertEqual(groupsSeen.count, RedisKeyLayout.clusterGroups, "members spread over every group")
        let slots = Set((0..<layout.groups).map { RedisKeySlot.of(layout.channel($0)) })
        XCTAssertEqual(slots.count, layout.groups, "each group has a slot of its own")
        let registrations = layout.registrationKeys
        XCTAssertEqual(Set([registrations.tokens, registrations.secrets, registrations.used].map(RedisKeySlot.of)).count, 1)
        let budget = layout.budget(QueueLimits())
        XCTAssertLessThanOrEqual(budget.total * layout.groups, QueueLimits().total)
        XCTAssertGreaterThan(budget.total * layout.groups, QueueLimits().total - layout.groups)
        XCTAssertLessThanOrEqual(budget.totalBytes * layout.groups, QueueLimits().totalBytes)
        XCTAssertEqual(budget.perToken, QueueLimits().perToken)
    }
}
