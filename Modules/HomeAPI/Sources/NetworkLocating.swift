/// Which Wi-Fi networks this machine is on, and when that changes: what chooses between a
/// server's internal and external URL (``ServerURLs``). The session plugin gives the Home client
/// one over NetworkManager; without one the URL signed in with is always used.
public protocol NetworkLocating: Sendable {
    /// The SSIDs of the Wi-Fi networks this machine is on now; nil when they cannot be read.
    func networks() -> Set<String>?
    /// The networks each time they change, until the stream is dropped.
    func changes() -> AsyncStream<Set<String>?>
}
