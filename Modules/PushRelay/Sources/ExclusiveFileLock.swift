import Foundation

/// An advisory `flock` held on a file until released (or this object ends), so one process at
/// a time owns it. SQLite's own locks are `fcntl` locks, which `flock` does not touch.
final class ExclusiveFileLock: @unchecked Sendable {
    private let descriptor: Int32
    private let lock = NSLock()
    private var released = false

    /// Takes the lock or throws at once, naming `owner` as what holds it.
    init(path: String, owner: String) throws {
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw RelayConfigurationError("cannot open \(path): \(String(cString: strerror(errno)))") }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw RelayConfigurationError("\(path) is in use by \(owner)")
        }
    }

    /// Gives the file up.
    func release() {
        let first = lock.withLock { () -> Bool in
            defer { released = true }
            return !released
        }
        if first { close(descriptor) }
    }

    deinit { release() }
}
