/// What happened to the machine that leaves the frontend's WebSocket dead or on the wrong network,
/// so that it should reconnect at once instead of at its next retry.
enum SystemEvent {
    /// The machine woke from sleep (logind's `PrepareForSleep(false)`).
    case resumed
    /// The network came back, or changed, after it was down (NetworkManager's `StateChanged`
    /// rising to a connected state).
    case networkReturned
}
