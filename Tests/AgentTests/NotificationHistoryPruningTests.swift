@testable import Agent
import Foundation
import XCTest

/// Whoever can send the companion notifications cannot grow its history without end.
final class NotificationHistoryPruningTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("notification-history-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testOnlyTheNewestNotificationsAreKept() throws {
        let history = try NotificationHistory(folder: folder)
        let start = Date()
        for number in 0..<(NotificationHistory.keptCount + 25) {
            try history.record(PushNotification(message: "message \(number)", title: nil, data: [:]), at: start.addingTimeInterval(Double(number)))
        }
        let kept = try history.recent(limit: NotificationHistory.keptCount * 2)
        XCTAssertEqual(kept.count, NotificationHistory.keptCount)
        XCTAssertEqual(kept.first?.message, "message \(NotificationHistory.keptCount + 24)")
        XCTAssertEqual(kept.last?.message, "message 25", "the 25 oldest went")
    }

    func testNotificationsOlderThanTheAgeLimitGoWhenTheNextArrives() throws {
        let history = try NotificationHistory(folder: folder)
        let now = Date()
        try history.record(PushNotification(message: "old", title: nil, data: [:]), at: now.addingTimeInterval(-NotificationHistory.keptAge - 60))
        try history.record(PushNotification(message: "recent", title: nil, data: [:]), at: now.addingTimeInterval(-NotificationHistory.keptAge + 3_600))
        try history.record(PushNotification(message: "new", title: nil, data: [:]), at: now)
        XCTAssertEqual(try history.recent().map(\.message), ["new", "recent"])
    }
}
