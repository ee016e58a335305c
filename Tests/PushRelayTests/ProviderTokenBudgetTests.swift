import Essentials
import EssentialsTestSupport
import Foundation
@testable import PushRelay
import XCTest

/// Tokens the relay did not issue (the APNs and FCM routes) are counted for a bounded number of
/// them a day: a sender inventing a token per request cannot grow the relay's state.
final class ProviderTokenBudgetTests: XCTestCase {
    func testNewTokensPastTheDailyBudgetAreRefusedUntilTheNextDay() throws {
        var configuration = RelayConfiguration(dataFolder: FileManager.default.temporaryDirectory)
        configuration.allowedAppIDs = []
        configuration.providerTokensPerDay = 3
        let clock = SettableClock(Date(timeIntervalSince1970: 1_800_000_000))
        Current.now = { clock.now }
        defer { Current = .live }
        let service = RelayService(
            configuration: configuration, limits: AllowingLimits(), delivery: StreamOnlyDelivery(), registrations: NoRegistrations(),
            routes: [ProviderRoute(id: "refusing", appIDs: ["io.example.app"], provider: RefusingProvider())], metrics: RelayMetrics(),
            logger: LogRecorder().logger()
        )
        defer { service.stop() }
        func send(_ token: String) -> Int? {
            let body = #"{"push_token": "\#(token)", "registration_info": {"app_id": "io.example.app", "app_version": "1", "os_version": "1"}, "message": "Hi"}"#
            let reply = service.handle(RelayRequest(method: "POST", path: "/push/send", headers: ["content-type": "application/json"], body: Array(body.utf8)))
            if case .deferred = reply { return nil }  // taken: on its way to the provider
            return reply.status
        }
        for number in 0..<3 { XCTAssertNil(send("apns-token-\(number)"), "token \(number) is within the budget") }
        XCTAssertEqual(send("apns-token-3"), 429, "a fourth token today is refused")
        XCTAssertNil(send("apns-token-1"), "a token seen today goes on")
        clock.advance(days: 1)
        XCTAssertNil(send("apns-token-3"), "the next day starts over")
    }
}
