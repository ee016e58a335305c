import Glibc

/// Standard output or standard error, written with write(2): whole text, through partial writes
/// and interruptions; a stream that is closed (EPIPE) or broken drops the rest, as a log must not
/// stop the program.
public enum StandardStream: Sendable {
    /// Standard output.
    case output
    /// Standard error.
    case error

    /// Writes `text` whole (or what a closed stream lets through).
    public func write(_ text: String) {
        let descriptor = self == .output ? STDOUT_FILENO : STDERR_FILENO
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }
}
