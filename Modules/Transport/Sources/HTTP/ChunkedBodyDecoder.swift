import Essentials

/// Decodes a `Transfer-Encoding: chunked` body as its bytes arrive, for the client: what is fed
/// comes back as the body's own bytes. The framing is read by Essentials' ``ChunkedDecoder`` (the
/// relay's server reads request bodies with it too); this keeps the bytes that arrived in the
/// middle of a size or trailer line, and maps a refusal to ``HTTPClientError``.
struct ChunkedBodyDecoder {
    private var framing: ChunkedDecoder
    private var pending: [UInt8] = []

    init(maximumBodySize: Int) {
        // The framing is not kept (`pending` drops what was read), and an event stream is one
        // endless body of many chunks: only the body and each line are bounded here.
        framing = ChunkedDecoder(maximumBodySize: maximumBodySize, maximumFramingSize: .max)
    }

    /// Whether the last chunk and the trailers have arrived.
    var isComplete: Bool { framing.isComplete }

    /// The body bytes in `bytes`; what follows the end of the body is ignored.
    mutating func decode(_ bytes: ArraySlice<UInt8>) throws(HTTPClientError) -> [UInt8] {
        guard !framing.isComplete else { return [] }
        pending.append(contentsOf: bytes)
        var output: [UInt8] = []
        var cursor = 0
        do {
            while let run = try framing.next(in: pending, at: &cursor) { output.append(contentsOf: pending[run]) }
        } catch {
            throw HTTPClientError(error.kind == .bodyTooLarge ? .tooLarge : .malformedResponse, error.message)
        }
        pending.removeFirst(framing.isComplete ? pending.count : cursor)
        return output
    }
}
