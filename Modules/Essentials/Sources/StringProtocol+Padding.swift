/// Column padding without Foundation's `padding(toLength:withPad:startingAt:)`.
extension StringProtocol {
    /// The text followed by spaces up to `width` characters (as it is when longer).
    public func padded(to width: Int) -> String {
        String(self) + String(repeating: " ", count: Swift.max(0, width - count))
    }
}
