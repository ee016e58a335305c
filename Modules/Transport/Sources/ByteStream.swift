/// A connected byte stream, plain TCP or TLS, read from one thread and written under a lock.
protocol ByteStream: AnyObject, Sendable {
    /// Reads what is available, as much of it as fits, into `buffer`, waiting only while nothing
    /// is: a count short of `buffer.count` means the stream had no more at that moment. 0 means
    /// the peer closed the stream.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(SocketError) -> Int
    /// Writes every byte.
    func write(_ bytes: [UInt8]) throws(SocketError)
    /// Closes the stream, waking a blocked reader.
    func close()
}
