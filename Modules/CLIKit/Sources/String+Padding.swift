extension String {
    /// The string with spaces added on the right up to `width` characters.
    public func padded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
