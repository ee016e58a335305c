import Glibc

/// Why the queue's log could not be read or written: what was being done, and the system's reason.
struct QueueLogError: Error, CustomStringConvertible {
    let description: String

    init(_ what: String, errno code: Int32? = nil) {
        description = code.map { "\(what): \(String(cString: strerror($0)))" } ?? what
    }
}
