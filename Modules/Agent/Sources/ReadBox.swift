import FoundationEssentials

/// Text one thread reads for another, which waits on a semaphore before it looks.
final class ReadBox: @unchecked Sendable {
    var text = ""
}
