import Essentials
import Foundation

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

    /// Deliveries left today; successful and failed ones both count.
    public var remaining: Int { max(0, maximum - successful - errors) }

    /// `{"successful", "errors", "maximum", "remaining", "resetsAt"}`.
    public var json: JSONValue {
        .object([
            "successful": .integer(Int64(successful)), "errors": .integer(Int64(errors)),
            "maximum": .integer(Int64(maximum)), "remaining": .integer(Int64(remaining)),
            "resetsAt": .string(Self.schedule.iso8601(resetsAt)),
        ])
    }

    /// ``json`` written member by member, in the serializer's (sorted) order: the same bytes, for
    /// the answer to every delivery.
    public var jsonObject: JSONObjectWriter {
        var object = JSONObjectWriter()
        object.integer("errors", errors)
        object.integer("maximum", maximum)
        object.integer("remaining", remaining)
        object.string("resetsAt", Self.schedule.iso8601(resetsAt))
        object.integer("successful", successful)
        return object
    }
}
