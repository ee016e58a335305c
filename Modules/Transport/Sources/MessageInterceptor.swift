import Essentials
import FoundationEssentials

/// The function a ``WebSocketClient``'s reader thread offers text messages to, as their UTF-8,
/// before handing them to the consumer (only while the consumer is idle, so nothing is
/// overtaken), if one is set.
final class MessageInterceptor: @unchecked Sendable {
    // Guarded by `lock`.
    private var handler: (@Sendable (UnsafeBufferPointer<UInt8>) -> MessageInterception)?
    private let lock = Lock()

    var current: (@Sendable (UnsafeBufferPointer<UInt8>) -> MessageInterception)? { lock.withLock { handler } }

    func set(_ handler: @escaping @Sendable (UnsafeBufferPointer<UInt8>) -> MessageInterception) {
        lock.withLock { self.handler = handler }
    }
}
