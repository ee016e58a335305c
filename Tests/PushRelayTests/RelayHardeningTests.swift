import Foundation
import LoopbackTestSupport
import Persistence
import PushRelay
import XCTest

/// The relay against clients that are not who they say, that drop, that flood or that trickle.
final class RelayHardeningTests: XCTestCase {
    private var relay: RelayTestServer!

    override func tearDown() {
        relay?.stop()
    }

    private func send(_ token: String, _ message: String) async throws -> Int {
        try await relay.request("POST", "/push/send", body: RelayTestServer.push(token: token, message: message)).0
    }

    /// Sends and expects 201.
    private func sent(_ token: String, _ message: String, line: UInt = #line) async throws {
        let status = try await send(token, message)
        XCTAssertEqual(status, 201, line: line)
    }

    private func metric(_ name: String) async throws -> Int? {
        let (_, metrics) = try await relay.request("GET", "/metrics")
        let text = metrics["text"] as? String ?? ""
        return text.split(separator: "\n").first { $0.hasPrefix(name + " ") }.flatMap { Int($0.split(separator: " ").last ?? "") }
    }

    private func openStream(_ secret: String, lastEventID: String? = nil, from source: String? = nil) throws -> RawConnection {
        let stream = try RawConnection(port: relay.port, from: source)
        stream.send("GET /push/stream HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(secret)\r\n" + (lastEventID.map { "Last-Event-ID: \($0)\r\n" } ?? "") + "\r\n")
        return stream
    }

    func testAPushTokenDoesNotOpenTheStreamAndNothingIsTakenByTrying() async throws {
        relay = try RelayTestServer()
        let device = try await relay.register()
        XCTAssertTrue(device.token.hasPrefix("hcp_") && device.token.count == 36, device.token)
        XCTAssertTrue(device.secret.hasPrefix("hcs_") && device.secret.count == 68, device.secret)
        try await sent(device.token, "private")
        let (stolen, refusal) = try await relay.request("GET", "/push/stream", headers: ["Authorization": "Bearer \(device.token)"])
        XCTAssertEqual(stolen, 401)
        XCTAssertEqual(refusal["message"] as? String, "the stream secret is not one this relay issued")
        let (inURL, why) = try await relay.request("GET", "/push/stream?push_token=\(device.token)")
        XCTAssertEqual(inURL, 400)
        XCTAssertTrue((why["message"] as? String)?.contains("never in the URL") ?? false, "\(why)")
        let (bare, _) = try await relay.request("GET", "/push/stream")
        XCTAssertEqual(bare, 401)
        let (ack, _) = try await relay.request("POST", "/push/ack", body: #"{"last_id":"999"}"#, headers: ["Authorization": "Bearer \(device.token)"])
        XCTAssertEqual(ack, 401, "a push token cannot acknowledge (delete) either")
        let depth = try await metric("push_relay_queue_depth")
        XCTAssertEqual(depth, 1, "nothing was read or deleted")
        let stream = try openStream(device.secret)
        XCTAssertTrue(stream.read(until: "private", timeout: 5).contains("private"))
    }

    func testAnUnregisteredDeviceIsForgottenWithWhatWaitedForIt() async throws {
        relay = try RelayTestServer()
        let device = try await relay.register()
        try await sent(device.token, "before")
        let stream = try openStream(device.secret)
        XCTAssertTrue(stream.read(until: "\"before\"", timeout: 5).contains("before"))
        let (wrong, _) = try await relay.request("DELETE", "/push/register", headers: ["Authorization": "Bearer \(device.token)"])
        XCTAssertEqual(wrong, 401, "the push token cannot unregister")
        let (removed, body) = try await relay.request("DELETE", "/push/register", headers: ["Authorization": "Bearer \(device.secret)"])
        XCTAssertEqual(removed, 200, "\(body)")
        XCTAssertTrue(stream.read(until: "0\r\n\r\n", timeout: 5).hasSuffix("0\r\n\r\n"), "its stream was ended")
        let status = try await send(device.token, "after")
        XCTAssertEqual(status, 404)
        let (reopened, _) = try await relay.request("GET", "/push/stream", headers: ["Authorization": "Bearer \(device.secret)"])
        XCTAssertEqual(reopened, 401)
        var depth = try await metric("push_relay_queue_depth")
        for _ in 0..<50 where depth != 0 {
            try await Task.sleep(nanoseconds: 20_000_000)
            depth = try await metric("push_relay_queue_depth")
        }
        XCTAssertEqual(depth, 0)
        let (again, _) = try await relay.request("DELETE", "/push/register", headers: ["Authorization": "Bearer \(device.secret)"])
        XCTAssertEqual(again, 401)
    }

    func testATokenTheRelayDidNotIssueQueuesNothingAndACheckKeepsNoState() async throws {
        relay = try RelayTestServer()
        let (status, body) = try await relay.request("POST", "/push/send", body: RelayTestServer.push(token: "1234", message: "m"))
        XCTAssertEqual(status, 404)
        XCTAssertTrue((body["message"] as? String)?.hasPrefix("the push token was not issued by this relay") ?? false, "\(body)")
        for index in 0..<50 {
            let (checked, _) = try await relay.request("POST", "/rate_limits/check", body: #"{"push_token":"probe-\#(index)"}"#)
            XCTAssertEqual(checked, 200)
        }
        let (nul, _) = try await relay.request("POST", "/rate_limits/check", body: #"{"push_token":"victim\u0000x"}"#)
        XCTAssertEqual(nul, 400)
        relay.stopKeepingFiles()
        let pool = try DatabasePool(url: relay.folder.appendingPathComponent("push-relay.sqlite"))
        XCTAssertEqual(try pool.read { try $0.scalar(Int.self, "SELECT count(*) FROM rate_limits") }, 0, "neither the 404 nor the checks left a count")
        let log = try Data(contentsOf: relay.folder.appendingPathComponent("push-relay.sqlite-queue"))
        XCTAssertEqual(String(decoding: log, as: UTF8.self), "HCQUEUE1", "the queue's log holds no record")
        relay = try RelayTestServer(folder: relay.folder)
    }

    func testAClientThatDropsMidStreamLosesNothingAndResumesAfterWhatItHas() async throws {
        relay = try RelayTestServer()
        let device = try await relay.register()
        for number in 1...40 { try await sent(device.token, "n\(number)") }
        // The client reads a part, then its connection dies before it acknowledged anything.
        let first = try openStream(device.secret)
        let firstText = first.read(until: "\"n10\"", timeout: 5)
        let partial = RelayStreamText.notifications(in: firstText)
        XCTAssertGreaterThanOrEqual(partial.count, 10)
        first.shutDown()
        // Back without saying what it has: everything comes again (at least once).
        let again = try openStream(device.secret)
        let everything = RelayStreamText.notifications(in: again.read(until: "\"n40\"", timeout: 5))
        XCTAssertEqual(everything.map(\.message), (1...40).map { "n\($0)" })
        again.shutDown()
        // Back after the 10th, which acknowledges 1-10: the rest come, once, in order, then live ones.
        let resumed = try openStream(device.secret, lastEventID: partial[9].id)
        var text = resumed.read(until: "\"n40\"", timeout: 5)
        try await sent(device.token, "live")
        text += resumed.read(until: "\"live\"", timeout: 5)
        XCTAssertEqual(RelayStreamText.notifications(in: text).map(\.message), (11...40).map { "n\($0)" } + ["live"])
        let ids = RelayStreamText.notifications(in: text).map(\.id)
        XCTAssertEqual(Set(ids).count, ids.count, "no id twice")
        let (acknowledged, _) = try await relay.request("POST", "/push/ack", body: #"{"last_id":"\#(ids[ids.count - 1])"}"#,
            headers: ["Authorization": "Bearer \(device.secret)"])
        XCTAssertEqual(acknowledged, 200)
        var depth = try await metric("push_relay_queue_depth")
        for _ in 0..<50 where depth != 0 {
            try await Task.sleep(nanoseconds: 20_000_000)
            depth = try await metric("push_relay_queue_depth")
        }
        XCTAssertEqual(depth, 0, "what the client acknowledged is gone")
        let (bad, _) = try await relay.request("POST", "/push/ack", body: #"{"last_id":"x"}"#, headers: ["Authorization": "Bearer \(device.secret)"])
        XCTAssertEqual(bad, 400)
    }

    func testQueuesAreCappedPerTokenAndInTotalDroppingTheFullestQueuesOldest() async throws {
        relay = try RelayTestServer { configuration in
            configuration.queueLimits.perToken = 3
            configuration.queueLimits.total = 5
        }
        let (flooder, away, third) = (try await relay.register(), try await relay.register(), try await relay.register())
        for number in 1...5 { try await sent(flooder.token, "a\(number)") }
        let afterFlood = try await metric("push_relay_queue_depth")
        XCTAssertEqual(afterFlood, 3, "a1 and a2 went for the token's cap")
        for number in 1...2 { try await sent(away.token, "b\(number)") }
        try await sent(third.token, "c1")
        let depth = try await metric("push_relay_queue_depth")
        let dropped = try await metric("push_relay_dropped_total")
        XCTAssertEqual(depth, 5)
        XCTAssertEqual(dropped, 3, "then a3 for the total: the fullest queue gives, not the device that is merely away")
        let flooded = RelayStreamText.notifications(in: try openStream(flooder.secret).read(until: "\"a5\"", timeout: 5)).map(\.message)
        XCTAssertEqual(flooded, ["a4", "a5"])
        let kept = RelayStreamText.notifications(in: try openStream(away.secret).read(until: "\"b2\"", timeout: 5)).map(\.message)
        XCTAssertEqual(kept, ["b1", "b2"])
    }

    func testANewStreamClosesTheOldestOfItsTokenAndTheTotalIsCapped() async throws {
        relay = try RelayTestServer { configuration in
            configuration.streamLimits.perToken = 1
            configuration.streamLimits.total = 2
        }
        let devices = [try await relay.register(), try await relay.register(), try await relay.register()]
        let old = try openStream(devices[0].secret)
        XCTAssertTrue(old.read(until: "event: ready", timeout: 5).contains("ready"))
        let new = try openStream(devices[0].secret)
        XCTAssertTrue(new.read(until: "event: ready", timeout: 5).contains("ready"))
        // The last chunk: the response ends (the connection may stay for another request).
        let ending = old.read(until: "0\r\n\r\n", timeout: 5)
        XCTAssertTrue(ending.hasSuffix("0\r\n\r\n"), "the older stream of the token was ended: \(ending.debugDescription)")
        let other = try openStream(devices[1].secret)
        XCTAssertTrue(other.read(until: "event: ready", timeout: 5).contains("ready"))
        let (refused, body) = try await relay.request("GET", "/push/stream", headers: ["Authorization": "Bearer \(devices[2].secret)"])
        XCTAssertEqual(refused, 503)
        XCTAssertTrue((body["message"] as? String)?.contains("as many streams as it allows (2)") ?? false, "\(body)")
    }

    func testANotificationLargerAsDeliveredThanADeviceReadsIsRefusedUncounted() async throws {
        relay = try RelayTestServer()
        let device = try await relay.register()
        // 60 KB as sent; each 1e5 is written 100000.0, so about 135 KB as the device would read it.
        let numbers = Array(repeating: "1e5", count: 15_000).joined(separator: ",")
        let body = #"{"push_token":"\#(device.token)","registration_info":{"app_id":"io.homecompanion.linux","app_version":"1","os_version":"1"},"message":"m","data":{"n":[\#(numbers)]}}"#
        XCTAssertLessThan(body.utf8.count, 64 << 10)
        let (status, answer) = try await relay.request("POST", "/push/send", body: body)
        XCTAssertEqual(status, 413)
        XCTAssertTrue((answer["message"] as? String)?.contains("a device takes at most 64512") ?? false, "\(answer)")
        let (_, check) = try await relay.request("POST", "/rate_limits/check", body: #"{"push_token":"\#(device.token)"}"#)
        XCTAssertEqual((check["rateLimits"] as? [String: Any])?["remaining"] as? Int, 1000, "not counted against the day: \(check)")
        let depth = try await metric("push_relay_queue_depth")
        XCTAssertEqual(depth, 0)
    }

    func testAClientFloodingStreamsCannotKeepANewDeviceOut() async throws {
        relay = try RelayTestServer { configuration in
            configuration.streamLimits.total = 8
            configuration.streamLimits.perAddress = 6
        }
        // One client, two addresses: six streams from the first (its cap), two from the second.
        var flood: [RawConnection] = []
        for index in 0..<4 {
            let holder = try await relay.register()
            for _ in 0..<2 {
                let stream = try openStream(holder.secret, from: index < 3 ? "127.0.0.2" : "127.0.0.3")
                XCTAssertTrue(stream.read(until: "event: ready", timeout: 5).contains("ready"))
                flood.append(stream)
            }
        }
        let extra = try await relay.register()
        let refused = try openStream(extra.secret, from: "127.0.0.2")
        XCTAssertTrue(refused.read(until: "\r\n\r\n", timeout: 5).hasPrefix("HTTP/1.1 429 "), "an address past its cap is refused")
        // A device with no stream, from an address holding none, takes the oldest place of 127.0.0.2.
        let newcomer = try openStream(extra.secret, from: "127.0.0.4")
        XCTAssertTrue(newcomer.read(until: "event: ready", timeout: 5).contains("ready"))
        let ending = flood[0].read(until: "0\r\n\r\n", timeout: 5)
        XCTAssertTrue(ending.hasSuffix("0\r\n\r\n"), "the flood's oldest stream was ended: \(ending.debugDescription)")
        try await sent(extra.token, "welcome")
        XCTAssertTrue(newcomer.read(until: "welcome", timeout: 5).contains("welcome"))
        let held = try await metric("push_relay_streams")
        XCTAssertEqual(held, 8)
    }

    func testRegistrationNeedsTheKeyWhenConfiguredAndIsLimitedPerAddress() async throws {
        let keyFile = FileManager.default.temporaryDirectory.appendingPathComponent("relay-key-\(UUID().uuidString)")
        try "registration-key-0123456789\n".write(to: keyFile, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: keyFile) }
        relay = try RelayTestServer { configuration in
            try? configuration.apply(file: Self.settings(["registration_key_file": keyFile.path, "registrations_per_address": 2]))
        }
        let (without, body) = try await relay.request("POST", "/push/register", body: "{}")
        XCTAssertEqual(without, 401)
        XCTAssertTrue((body["message"] as? String)?.contains("registration key") ?? false, "\(body)")
        let (wrong, _) = try await relay.request("POST", "/push/register", body: "{}", headers: ["Authorization": "Bearer registration-key-0123456788"])
        XCTAssertEqual(wrong, 401)
        _ = try await relay.register(key: "registration-key-0123456789")
        _ = try await relay.register(key: "registration-key-0123456789")
        let (third, limited) = try await relay.request("POST", "/push/register", body: "{}", headers: ["Authorization": "Bearer registration-key-0123456789"])
        XCTAssertEqual(third, 429)
        XCTAssertTrue((limited["message"] as? String)?.contains("too many registrations from 127.0.0.1") ?? false, "\(limited)")
    }

    func testMetricsNeedTheirTokenWhenConfigured() async throws {
        let tokenFile = FileManager.default.temporaryDirectory.appendingPathComponent("metrics-token-\(UUID().uuidString)")
        try "metrics-token-0123456789".write(to: tokenFile, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: tokenFile) }
        relay = try RelayTestServer { configuration in
            try? configuration.apply(file: Self.settings(["metrics_token_file": tokenFile.path]))
        }
        let (open, _) = try await relay.request("GET", "/metrics")
        XCTAssertEqual(open, 401)
        let (allowed, text) = try await relay.request("GET", "/metrics", headers: ["Authorization": "Bearer metrics-token-0123456789"])
        XCTAssertEqual(allowed, 200)
        XCTAssertTrue((text["text"] as? String)?.contains("push_relay_queue_depth 0") ?? false)
    }

    func testARequestThatTricklesIsClosedAtItsDeadlineWhateverItsPace() async throws {
        relay = try RelayTestServer(timeout: 10) { configuration in configuration.http.requestDeadline = 2 }
        let trickling = try RawConnection(port: relay.port)
        let started = Date()
        for character in "POST /push/send HTTP/1.1\r\nHost: x\r\nX-Slow: " {
            trickling.send(String(character))
            guard trickling.isOpen else { break }
            try await Task.sleep(nanoseconds: 200_000_000)
            if Date().timeIntervalSince(started) > 6 { break }
        }
        XCTAssertFalse(trickling.isOpen, "a byte every 0.2 s kept the idle timeout (10 s) away, but not the 2 s deadline")
        XCTAssertLessThan(Date().timeIntervalSince(started), 6)
        let (health, _) = try await relay.request("GET", "/healthz")
        XCTAssertEqual(health, 200)
    }

    func testOneAddressFloodingIsAnswered429AndOthersAreServed() async throws {
        relay = try RelayTestServer { configuration in configuration.requestsPerAddress = 5 }
        var statuses: [Int] = []
        for _ in 0..<30 {
            let connection = try RawConnection(port: relay.port, from: "127.0.0.3")
            connection.send("POST /rate_limits/check HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 18\r\nConnection: close\r\n\r\n{\"push_token\":\"t\"}")
            statuses.append(Int(connection.read(until: nil, timeout: 5).dropFirst(9).prefix(3)) ?? 0)
        }
        XCTAssertEqual(statuses.filter { $0 == 200 }.count, 10, "a burst of twice the rate: \(statuses)")
        XCTAssertEqual(statuses.filter { $0 == 429 }.count, 20)
        let (other, _) = try await relay.request("POST", "/rate_limits/check", body: #"{"push_token":"t"}"#)
        XCTAssertEqual(other, 200, "127.0.0.1 has its own budget")
    }

    func testOneAddressCannotHoldEveryConnection() async throws {
        relay = try RelayTestServer { configuration in configuration.http.connectionsPerAddress = 4 }
        let held = try (0..<4).map { _ in try RawConnection(port: relay.port, from: "127.0.0.2") }
        for connection in held { connection.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n") }
        for connection in held { XCTAssertTrue(connection.read(until: "\"ok\"", timeout: 5).hasPrefix("HTTP/1.1 200")) }
        let fifth = try RawConnection(port: relay.port, from: "127.0.0.2")
        fifth.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertFalse(fifth.read(until: "\"ok\"", timeout: 3).contains("200"), "the fifth connection from 127.0.0.2 is refused")
        let (health, _) = try await relay.request("GET", "/healthz")
        XCTAssertEqual(health, 200, "another address is served")
    }

    /// A JSON settings file for ``RelayConfiguration/apply(file:)``.
    static func settings(_ values: [String: Any]) -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("relay-settings-\(UUID().uuidString).json")
        try? JSONSerialization.data(withJSONObject: values).write(to: file)
        return file
    }
}
