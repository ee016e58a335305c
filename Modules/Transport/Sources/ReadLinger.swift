import FoundationEssentials
import Glibc

/// The reader's pause between a read that emptied the socket and the next read (see
/// ``WebSocketOptions/readLinger``).
struct ReadLinger {
    /// The pause: the option clamped to 0...``WebSocketOptions/maximumReadLinger``, and 0 for NaN.
    let seconds: Double

    init(seconds: Double) {
        self.seconds = seconds.isNaN ? 0 : min(max(seconds, 0), WebSocketOptions.maximumReadLinger)
    }

    /// Sleeps for the linger (an interrupted sleep is not resumed: reading early is harmless).
    func wait() {
        let nanoseconds = Int((seconds * 1e9).rounded())
        guard nanoseconds > 0 else { return }
        var interval = timespec(tv_sec: 0, tv_nsec: nanoseconds)
        nanosleep(&interval, nil)
    }
}
