import Foundation

/// A TCP socket listening on a free port of 127.0.0.1. The kernel completes connections in its
/// backlog whether or not anyone accepts them; ``accept()`` takes the next one.
public final class ListeningSocket {
    public let port: Int
    private let descriptor: Int32

    public init(backlog: Int32 = 8) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, backlog) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        guard listening else {
            close(listener)
            throw CocoaError(.fileReadUnknown)
        }
        descriptor = listener
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(descriptor) }

    /// The server's end of the next connection (the caller closes it), or -1.
    public func accept() -> Int32 {
        Foundation.accept(descriptor, nil, nil)
    }
}
