/// One attribute of a diff as ``CompactAttributeMerge`` reads it into its scratch bytes: the
/// name (its number plus one, or 0 and the name itself) from `start`, the value from
/// `valueStart` to `end`.
struct CompactAttributeChange {
    /// The name's number plus one; 0 when the name is written out; -1 when a later member of the
    /// same diff names the attribute again (the last value counts).
    var reference: Int
    let start: Int
    let valueStart: Int
    let end: Int
    /// Where the attribute's old value is in the state's bytes, when it had one.
    var old: Range<Int>?

    var isSuperseded: Bool { reference < 0 }
    var valueCount: Int { end - valueStart }
}
