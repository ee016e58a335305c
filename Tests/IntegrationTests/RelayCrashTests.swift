import Foundation
import LoopbackTestSupport
import XCTest

/// The relay process killed (SIGKILL) while notifications pour in from eight senders: started
/// again on the same files, it holds every notification it answered 201 for, each once, in the
/// order of the ids it gave.
final class RelayCrashTests: XCTestCase {
    private static let settings = ["daily_limit": "1000000", "requests_per_address": "1000000"]

    private static func push(_ token: String, _ message: String) -> [String: Any] {
        ["push_token": token, "registration_info": ["app_id": "io.homecompanion.linux", "app_version": "1"], "message": message]
    }

    func testEveryNotificationAnswered201IsQueuedOnceAfterAKillAndARestart() async throws {
        let first = try RelayProcess(Self.settings)
        defer { first.stop() }
        let device = try await first.register()
        let url = first.url("/push/send"), pid = first.pid
        let accepted = AcceptedMessages()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for sender in 0..<8 {
                group.addTask {
                    for number in 0..<100_000 {
                        let message = "s\(sender)-\(number)"
                        // Once the relay is killed, the next request fails: that sender is done.
                        guard let answer = try? await HTTPExchange.send("POST", url, json: Self.push(device.token, message)) else { return }
                        if answer.status == 201 { await accepted.add(message) }
                    }
                }
            }
            group.addTask {
                while await accepted.count < 400 { try await Task.sleep(nanoseconds: 2_000_000) }
                kill(pid, SIGKILL)
            }
            try await group.waitForAll()
        }
        first.crash()
        let answered = await accepted.messages
        let second = try RelayProcess(Self.settings, folder: first.folder)
        defer { second.crash() }
        let stream = try RawConnection(port: second.port)
        stream.send("GET /push/stream HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(device.secret)\r\n\r\n")
        let events = RelayStreamText.notifications(in: stream.read(until: nil, timeout: 4))
        let received = events.map(\.message), ids = events.compactMap { Int($0.id) }
        XCTAssertGreaterThanOrEqual(answered.count, 400)
        XCTAssertEqual(Set(answered).subtracting(received), [], "every notification answered 201 is still queued")
        XCTAssertEqual(received.count, Set(received).count, "none twice")
        XCTAssertEqual(ids.count, received.count)
        XCTAssertEqual(ids, ids.sorted(), "in the order of their ids")
    }
}
