import XCTest
@testable import Essentials

/// Threads of their own: a body runs and its result comes back; a thread the system will not
/// give is an error, and its body never runs.
final class DetachedThreadTests: XCTestCase {
    private struct Refused: Error, Equatable {}

    func testRunGivesBackWhatTheBodyReturnsOrThrows() async throws {
        let value = try await DetachedThread.run { 6 * 7 }
        XCTAssertEqual(value, 42)
        do {
            _ = try await DetachedThread.run { () throws -> Int in throw Refused() }
            XCTFail("the body's error is thrown")
        } catch {
            XCTAssertEqual(error as? Refused, Refused())
        }
    }

    func testAThreadTheSystemWillNotGiveIsAnErrorAndItsBodyNeverRuns() throws {
        let ran = LockedFlag()
        // A stack larger than the address space cannot be mapped.
        XCTAssertThrowsError(try DetachedThread.start(stackSize: 1 << 50) { ran.set() }) { error in
            let failure = error as? ThreadStartError
            XCTAssertNotNil(failure)
            XCTAssertTrue(failure?.description.hasPrefix("cannot start a thread: ") == true, "\(error)")
        }
        let started = DispatchSemaphore(value: 0)
        try DetachedThread.start(stackSize: 1 << 20) { started.signal() }
        XCTAssertEqual(started.wait(timeout: .now() + 5), .success, "a thread the system can give starts")
        XCTAssertFalse(ran.isSet)
    }
}
