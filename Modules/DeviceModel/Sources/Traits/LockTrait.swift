import Essentials

/// A lock: locked, unlocked, locking, unlocking, jammed; some can also open (unlatch).
public struct LockTrait: Sendable, Equatable {
    public let state: String
    public let canOpen: Bool

    public var isLocked: Bool { state == "locked" }
    public var isJammed: Bool { state == "jammed" }

    var values: [String: JSONValue] { ["state": .string(state), "jammed": .bool(isJammed)] }
}
