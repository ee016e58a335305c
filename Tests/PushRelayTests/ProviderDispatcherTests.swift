import Foundation
@testable import PushRelay
import XCTest

/// Provider sends queue on their own threads, bounded in all and per token, so one busy token
/// cannot take every place from the others.
final class ProviderDispatcherTests: XCTestCase {
    func testOneBusyTokenCannotFillTheQueue() {
        let dispatcher = ProviderDispatcher(workers: 1, capacity: 8, perToken: 2)
        defer { dispatcher.stop() }
        let release = DispatchSemaphore(value: 0)
        let finished = DispatchGroup()
        func blocking() -> @Sendable () -> Void {
            finished.enter()
            return {
                release.wait()
                finished.leave()
            }
        }
        XCTAssertTrue(dispatcher.submit(for: "busy", blocking()))
        XCTAssertTrue(dispatcher.submit(for: "busy", blocking()))
        XCTAssertFalse(dispatcher.submit(for: "busy", {}), "a third send of the same token while two are on their way")
        XCTAssertTrue(dispatcher.submit(for: "other", blocking()), "another token still gets a place")
        for _ in 0..<3 { release.signal() }
        XCTAssertEqual(finished.wait(timeout: .now() + 10), .success)
        // The busy token's places are given back once its sends are done.
        let again = expectation(description: "sent again")
        var accepted = false
        for _ in 0..<100 where !accepted {
            accepted = dispatcher.submit(for: "busy") { again.fulfill() }
            if !accepted { Thread.sleep(forTimeInterval: 0.01) }
        }
        XCTAssertTrue(accepted)
        wait(for: [again], timeout: 10)
    }
}
