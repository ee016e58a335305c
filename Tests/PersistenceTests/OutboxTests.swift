import Essentials
import Foundation
import Persistence
import XCTest

final class OutboxTests: XCTestCase {
    private var folder: TemporaryFolder!
    private var pool: DatabasePool!
    private let clock = ManualClock()

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
        pool = try openPool()
    }

    override func tearDownWithError() throws {
        Current = .live
        pool = nil
        folder.remove()
    }

    private func openPool() throws -> DatabasePool {
        let pool = try DatabasePool(url: folder.file("outbox.sqlite"))
        var migrator = DatabaseMigrator()
        Outbox.registerMigrations(in: &migrator)
        try migrator.migrate(pool)
        return pool
    }

    private func outbox(_ policy: OutboxPolicy = OutboxPolicy(baseDelay: 1, maximumDelay: 8, maximumAttempts: 4)) -> Outbox {
        Current.now = { [clock] in clock.now }
        return Outbox(pool: pool, queue: "webhooks", policy: policy)
    }

    private func texts(_ messages: [OutboxMessage]) -> [String] {
        messages.map { String(decoding: $0.payload, as: UTF8.self) }
    }

    func testDeliversInOrderAndAcknowledges() throws {
        let outbox = outbox()
        for text in ["a", "b", "c"] { try outbox.enqueue(Data(text.utf8)) }
        let batch = try outbox.nextBatch(limit: 2)
        XCTAssertEqual(texts(batch), ["a", "b"])
        XCTAssertEqual(try outbox.acknowledge(batch), 2)
        XCTAssertEqual(texts(try outbox.nextBatch(limit: 10)), ["c"])
        XCTAssertEqual(try outbox.pendingCount(), 1)
    }

    func testCoalescingKeepsTheNewestPayloadInTheOldPlace() throws {
        let outbox = outbox()
        try outbox.enqueue(Data("cpu=10".utf8), key: "cpu")
        try outbox.enqueue(Data("event".utf8))
        try outbox.enqueue(Data("cpu=55".utf8), key: "cpu")
        XCTAssertEqual(texts(try outbox.nextBatch(limit: 10)), ["cpu=55", "event"])
    }

    func testAcknowledgingAnOlderPayloadKeepsTheNewerOne() throws {
        let outbox = outbox()
        try outbox.enqueue(Data("cpu=10".utf8), key: "cpu")
        let inFlight = try outbox.nextBatch(limit: 1)
        try outbox.enqueue(Data("cpu=20".utf8), key: "cpu")
        XCTAssertEqual(try outbox.acknowledge(inFlight), 0)
        XCTAssertEqual(texts(try outbox.nextBatch(limit: 1)), ["cpu=20"])
        XCTAssertEqual(try outbox.fail(inFlight[0], reason: "late"), .superseded)
    }

    func testFailureBacksOffAndHoldsBackLaterMessages() throws {
        let outbox = outbox()
        try outbox.enqueue(Data("first".utf8))
        try outbox.enqueue(Data("second".utf8))
        let first = try outbox.nextBatch(limit: 1)[0]
        XCTAssertEqual(try outbox.fail(first, reason: "503"), .retry(at: clock.now.addingTimeInterval(1)))
        XCTAssertEqual(try outbox.nextBatch(limit: 10), [], "in order: nothing passes a message waiting for its retry")
        clock.advance(1)
        let retried = try outbox.nextBatch(limit: 10)
        XCTAssertEqual(texts(retried), ["first", "second"])
        XCTAssertEqual(retried[0].attempts, 1)
        XCTAssertEqual(retried[0].lastError, "503")
        XCTAssertEqual(try outbox.fail(retried[0], reason: "503"), .retry(at: clock.now.addingTimeInterval(2)))
    }

    func testDeadLettersAfterTheMaximumAttemptsAndCanBeRequeued() throws {
        let outbox = outbox()
        try outbox.enqueue(Data("doomed".utf8))
        try outbox.enqueue(Data("fine".utf8))
        var outcome = FailureOutcome.superseded
        for _ in 1...4 {
            clock.advance(100)
            outcome = try outbox.fail(try outbox.nextBatch(limit: 1)[0], reason: "400 bad request")
        }
        XCTAssertEqual(outcome, .deadLettered)
        XCTAssertEqual(texts(try outbox.nextBatch(limit: 10)), ["fine"], "a dead letter no longer blocks the queue")
        let dead = try outbox.deadLetters()
        XCTAssertEqual(texts(dead), ["doomed"])
        XCTAssertEqual(dead[0].attempts, 4)
        try outbox.requeue(dead[0])
        XCTAssertEqual(texts(try outbox.nextBatch(limit: 10)), ["doomed", "fine"])
        XCTAssertEqual(try outbox.deadLetters(), [])
    }

    func testRequeueingAStaleKeyedDeadLetterDropsIt() throws {
        let outbox = outbox(OutboxPolicy(maximumAttempts: 1))
        try outbox.enqueue(Data("old".utf8), key: "k")
        XCTAssertEqual(try outbox.fail(try outbox.nextBatch(limit: 1)[0], reason: "x"), .deadLettered)
        try outbox.enqueue(Data("new".utf8), key: "k")
        try outbox.requeue(try outbox.deadLetters()[0])
        XCTAssertEqual(texts(try outbox.nextBatch(limit: 10)), ["new"])
        XCTAssertEqual(try outbox.deadLetters(), [])
    }

    func testQueuesAreSeparateAndSurviveReopening() throws {
        try outbox().enqueue(Data("kept".utf8))
        try Outbox(pool: pool, queue: "other").enqueue(Data("elsewhere".utf8))
        pool = nil
        pool = try openPool()
        XCTAssertEqual(texts(try outbox().nextBatch(limit: 10)), ["kept"])
    }

    func testPolicyDelaysDoubleUpToTheMaximum() {
        let policy = OutboxPolicy(baseDelay: 1, maximumDelay: 5, maximumAttempts: 10)
        XCTAssertEqual((1...5).map(policy.delay(afterAttempts:)), [1, 2, 4, 5, 5])
        XCTAssertEqual(policy.delay(afterAttempts: 5_000), 5)
    }
}
