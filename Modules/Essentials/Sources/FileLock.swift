import FoundationEssentials
import Glibc

/// An advisory `flock` held on a file until released (or this object ends), so one process at
/// a time owns what the file stands for. The kernel drops it when the process dies, even by
/// SIGKILL. SQLite's own locks are `fcntl` locks, which `flock` does not touch, so a database
/// file can be its own lock.
public final class FileLock: @unchecked Sendable {
    /// Why a lock file could not be opened.
    public struct OpenError: Error, CustomStringConvertible {
        public let description: String
    }

    private let descriptor: Int32
    private let lock = Lock()
    private var released = false

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Takes the lock on `path` (created 0600 when missing), or returns nil at once when another
    /// open file description holds it.
    public static func acquire(path: String) throws -> FileLock? {
        let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw OpenError(description: "cannot open \(path): \(String(cString: strerror(errno)))") }
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EINTR else {
                close(descriptor)
                return nil
            }
        }
        return FileLock(descriptor: descriptor)
    }

    /// Takes the lock on `path`, trying every `poll` seconds for up to `patience` seconds;
    /// nil when it is still held by then.
    public static func acquire(path: String, patience: Double, poll: Double = 0.05) async throws -> FileLock? {
        let deadline = Deadline(in: patience)
        while true {
            if let lock = try acquire(path: path) { return lock }
            guard !deadline.hasPassed else { return nil }
            try await Current.sleep(poll)
        }
    }

    /// Gives the file up.
    public func release() {
        let first = lock.withLock { () -> Bool in
            defer { released = true }
            return !released
        }
        if first { close(descriptor) }
    }

    deinit { release() }
}
