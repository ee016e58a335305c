/// One line of /proc/PID/maps: an address range, its permissions and, for a file mapping, the
/// file's path (`7f01-7f02 r-xp 00000000 fe:00 2268  /usr/lib/libc.so.6`).
public struct MappedRegion: Equatable, Sendable {
    /// The first address.
    public let start: UInt
    /// The address after the last.
    public let end: UInt
    /// `r-xp`, `rw-p`, …
    public let permissions: String
    /// The mapped file's path; nil for anonymous memory, the stack, the vDSO and such.
    public let path: String?

    /// Parses one line; nil when it is not in the kernel's format.
    public init?(line: Substring) {
        let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
        guard fields.count >= 5 else { return nil }
        let bounds = fields[0].split(separator: "-")
        guard bounds.count == 2, let start = UInt(bounds[0], radix: 16), let end = UInt(bounds[1], radix: 16), start < end,
              fields[1].utf8.count == 4 else { return nil }
        self.start = start
        self.end = end
        permissions = String(fields[1])
        let name = fields.count == 6 ? fields[5].trimmingSpaces() : ""
        path = name.hasPrefix("/") ? name : nil
    }

    /// Whether this maps a file's code: executable and never written, so its pages are the file's.
    public var isFileCode: Bool {
        path != nil && permissions == "r-xp"
    }
}
