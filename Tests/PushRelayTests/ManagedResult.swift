import Foundation

/// How an asynchronous call ended, handed from its completion to the waiting test.
final class ManagedResult: @unchecked Sendable {
    private var result: Result<Void, any Error> = .success(())
    private let lock = NSLock()

    func set(_ result: Result<Void, any Error>) { lock.withLock { self.result = result } }

    func get() throws { try lock.withLock { result }.get() }
}
