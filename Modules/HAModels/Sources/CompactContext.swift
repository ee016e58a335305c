/// The context at the start of a ``CompactEntityState``'s bytes: its id, then its parent's and
/// its user's ids, each a 0 (none) or a 1 and the id. A new context id (every state change has
/// one, always 26 characters) is written over the old one in place.
enum CompactContext {
    /// Appends `context`.
    static func append(_ context: HAContext, to bytes: inout [UInt8]) {
        CompactValueCoding.appendText(context.id, to: &bytes)
        for id in [context.parentID, context.userID] {
            guard let id else {
                bytes.append(0)
                continue
            }
            bytes.append(1)
            CompactValueCoding.appendText(id, to: &bytes)
        }
    }

    /// The context at the start of `bytes`.
    static func context(_ bytes: UnsafeBufferPointer<UInt8>) -> HAContext {
        var offset = 0
        let id = CompactValueCoding.text(bytes, at: &offset)
        let parentID = optionalText(bytes, at: &offset)
        return HAContext(id: id, parentID: parentID, userID: optionalText(bytes, at: &offset))
    }

    /// Where the context ends (and the attributes start).
    static func end(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var offset = 0
        skipText(bytes, at: &offset)
        for _ in 0..<2 {
            let present = bytes[offset] == 1
            offset += 1
            if present { skipText(bytes, at: &offset) }
        }
        return offset
    }

    /// Sets the context's id, keeping its parent and user.
    static func setID(_ id: UnsafeBufferPointer<UInt8>, in bytes: inout [UInt8]) {
        var offset = 0
        let count = bytes.withUnsafeBufferPointer { buffer in CompactValueCoding.length(buffer, at: &offset) }
        guard count != id.count else { return bytes.replaceSubrange(offset..<offset + count, with: id) }
        var encoded: [UInt8] = []
        CompactValueCoding.appendText(id, to: &encoded)
        CompactValueCoding.replace(0..<offset + count, of: &bytes, with: encoded)
    }

    /// Replaces the whole context.
    static func replace(with context: HAContext, in bytes: inout [UInt8]) {
        var encoded: [UInt8] = []
        append(context, to: &encoded)
        CompactValueCoding.replace(0..<bytes.withUnsafeBufferPointer(end), of: &bytes, with: encoded)
    }

    private static func skipText(_ bytes: UnsafeBufferPointer<UInt8>, at offset: inout Int) {
        let count = CompactValueCoding.length(bytes, at: &offset)
        offset += count
    }

    private static func optionalText(_ bytes: UnsafeBufferPointer<UInt8>, at offset: inout Int) -> String? {
        let present = bytes[offset] == 1
        offset += 1
        return present ? CompactValueCoding.text(bytes, at: &offset) : nil
    }
}
