import Essentials
import Foundation
import Synchronization

/// One push token's count for the current day, in the shape Home Assistant parses and logs.
public struct RateLimitStatus: Sendable, Equatable {
    /// Notifications sent successfully today.
    public let successful: Int
    /// Notifications that failed today.
    public let errors: Int
    /// How many a token may send a day.
    public let maximum: Int
    /// When the day's counts start again (00:00 UTC).
    public let resetsAt: Date

    /// A status of these counts.
    public init(successful: Int, errors: Int, maximum: Int, resetsAt: Date) {
        self.successful = successful
        self.errors = errors
        self.maximum = maximum
        self.resetsAt = resetsAt
    }

    /// Made once: it builds a calendar, and every answer of the relay formats `resetsAt`.
    private static let schedule = DailyResetSchedule()
    /// The last `resetsAt` formatted, and its text: every answer of a day carries the same one.
    private static let lastReset = Mutex<(Date, String)?>(nil)

    /// `resetsAt` as the answer writes it (ISO 8601, UTC), formatted once a day.
    private var resetsAtText: String {
        let resetsAt = resetsAt
        return Self.lastReset.withLock { last in
            if let last, last.0 == resetsAt { return last.1 }
            let text = Self.schedule.iso8601(resetsAt)
            last = (resetsAt, text)
            return text
        }
    }

    /// Deliveries left today; successful and failed ones both count.
    public var remaining: Int { max(0, maximum - successful - errors) }

    /// `{"successful", "errors", "maximum", "remaining", "resetsAt"}`.
    public var json: JSONValue {
        .object([
            "successful": .integer(Int64(successful)), "errors": .integer(Int64(errors)),
            "maximum": .integer(Int64(maximum)), "remaining": .integer(Int64(remaining)),
            "resetsAt": .string(resetsAtText),
        ])
    }

    /// Writes ``json``'s members into `object`, in the serializer's (sorted) order: the same
    /// bytes, for the answer to every delivery.
    public func write(into object: inout JSONObjectWriter) {
        object.integer("errors", errors)
        object.integer("maximum", maximum)
        object.integer("remaining", remaining)
        object.string("resetsAt", resetsAtText)
        object.integer("successful", successful)
    }
}
