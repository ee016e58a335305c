import Glibc

/// The system gave no new thread (`pthread_create` failed: too many threads, too little memory).
public struct ThreadStartError: Error, CustomStringConvertible {
    /// The `errno` value `pthread_create` returned.
    public let code: Int32

    public var description: String { "cannot start a thread: \(String(cString: strerror(code)))" }
}
