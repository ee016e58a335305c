/// What the bytes at a record's start of the ``QueueLogFile`` hold.
enum QueueLogFrame: Equatable {
    /// A whole record of this many bytes, frame included, whose checksum matches.
    case complete(Int)
    /// Fewer bytes than the record needs: more to read, or, at the file's end, a write cut short.
    case incomplete
    /// Not a record this log writes.
    case damaged(String)
}
