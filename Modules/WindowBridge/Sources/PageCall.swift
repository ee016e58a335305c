import Essentials

/// A call the window makes into the page: a fixed function body that receives one argument,
/// `message`, the JSON text of the values, so no value is ever written into code.
public struct PageCall: Sendable, Equatable {
    /// The function body, run in the page's world with `message` bound.
    public let body: String
    /// The values the body reads, sent as JSON text.
    public let message: JSONValue

    /// The answer to an external-auth request: `window[callback](success, data)`, when that is a function.
    static func answer(_ callback: String, success: Bool, data: JSONValue = .null) -> PageCall {
        PageCall(
            body: "const m = JSON.parse(message); const f = window[m.callback]; if (typeof f === 'function') { f(m.success, m.data === null ? undefined : m.data); }",
            message: .object(["callback": .string(callback), "success": .bool(success), "data": data])
        )
    }

    /// A message to the frontend on the external bus: `window.externalBus(value)`.
    static func bus(_ value: JSONValue) -> PageCall {
        PageCall(body: "if (typeof window.externalBus === 'function') { window.externalBus(JSON.parse(message)); }", message: value)
    }
}
