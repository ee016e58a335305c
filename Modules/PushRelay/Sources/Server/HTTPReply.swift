import Essentials

/// What a handler answers: a whole body, or an event stream that stays open.
public enum HTTPReply: Sendable {
    case full(status: Int, contentType: String, body: [UInt8])
    /// `text/event-stream` fed by the stream's ``EventStream/send(_:)``.
    case stream(EventStream)
    /// An answer given later through ``DeferredReply/complete(_:)``.
    case deferred(DeferredReply)

    /// The status sent, when it is known now.
    public var status: Int? {
        switch self {
        case .full(let status, _, _): status
        case .stream: 200
        case .deferred: nil
        }
    }

    /// A JSON answer.
    public static func json(_ status: Int, _ value: JSONValue) -> HTTPReply {
        .full(status: status, contentType: "application/json", body: (try? JSONSerializer.data(value)) ?? Array("{}".utf8))
    }

    /// A JSON error that says what was wrong: `{"message": …}`, the field Home Assistant logs.
    public static func error(_ status: Int, _ message: String) -> HTTPReply {
        json(status, .object(["message": .string(message)]))
    }

    /// Plain text, such as Prometheus metrics.
    public static func text(_ status: Int, _ text: String, contentType: String = "text/plain; charset=utf-8") -> HTTPReply {
        .full(status: status, contentType: contentType, body: Array(text.utf8))
    }
}
