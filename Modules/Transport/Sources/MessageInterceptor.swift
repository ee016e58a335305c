import Foundation

/// The function a ``WebSocketClient``'s reader thread offers text messages to before handing them
/// to the consumer (only while the consumer is idle, so nothing is overtaken), if one is set.
final class MessageInterceptor: @unchecked Sendable {
    // Guarded by `lock`.
    private var handler: (@Sendable (String) -> MessageInterception)?
    private let lock = NSLock()

    var current: (@Sendable (String) -> MessageInterception)? { lock.withLock { handler } }

    func set(_ handler: @escaping @Sendable (String) -> MessageInterception) {
        lock.withLock { self.handler = handler }
    }
}
