import Foundation
import Synchronization

/// Everything a child process writes to a pipe, read with read(2) on a thread of its own until
/// the pipe ends. (Foundation's `readabilityHandler` was seen to stop being called: the pipe
/// drained, the writer gone, and neither the last lines nor the end ever delivered.)
final class PipeOutput: Sendable {
    private let collected = Mutex(Data())
    private let finished = Mutex(false)

    init(_ pipe: Pipe) {
        let handle = pipe.fileHandleForReading
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 64 << 10)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                collected.withLock { $0.append(contentsOf: buffer[..<count]) }
            }
            finished.withLock { $0 = true }
        }
    }

    /// Everything read so far.
    var text: String { String(decoding: collected.withLock { $0 }, as: UTF8.self) }

    /// The lines read so far that have ended (a line still being written is left out).
    var completeLines: [String] {
        let text = text
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// Whether the pipe has ended: the writers are gone and everything they wrote was read.
    var ended: Bool { finished.withLock { $0 } }
}
