/// What a batched write's body returned, or how it failed, handed from the writer thread to the
/// caller; set again if the body runs again, read only after the write has ended.
final class WriteResult<Value>: @unchecked Sendable {
    var value: Value?
    var failure: (any Error)?
}
