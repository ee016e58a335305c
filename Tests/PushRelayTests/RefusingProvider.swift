import Essentials
import Foundation
import PushRelay

/// A push provider whose service is down.
struct RefusingProvider: PushProvider {
    struct Down: Error, CustomStringConvertible {
        var description: String { "the push service answered 503" }
    }

    let id = "refusing"

    func send(_ payload: JSONValue, to token: String, expiresAt: Date) throws {
        throw Down()
    }
}
