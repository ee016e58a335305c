import Glibc

/// The first bytes of a file, read with open(2)/read(2) (no `FileHandle`, which would link
/// Foundation): for a caller that bounds what it reads, or looks only at a header.
public enum FilePrefix {
    /// At most `limit` bytes from the start of the file at `path`; nil when it cannot be opened
    /// or read.
    public static func read(_ path: String, limit: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: limit)
        var count = 0
        while count < limit {
            let got = bytes.withUnsafeMutableBytes { buffer in Glibc.read(descriptor, buffer.baseAddress.map { $0 + count }, limit - count) }
            if got == 0 { break }
            if got < 0 {
                if errno == EINTR { continue }
                return nil
            }
            count += got
        }
        return Array(bytes.prefix(count))
    }
}
