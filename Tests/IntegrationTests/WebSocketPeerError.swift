/// The conformance peer could not be started.
struct WebSocketPeerError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
