/// What a batched write's body returned, handed from the writer thread to the caller; set
/// again if the body runs again, read only after the write has committed.
final class WriteResult<Value>: @unchecked Sendable {
    var value: Value?
}
