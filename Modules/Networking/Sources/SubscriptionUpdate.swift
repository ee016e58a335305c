import Essentials
import Transport

/// What a subscription delivers: a marker each time it is (re)established, then its events.
///
/// After a reconnect the server starts the subscription afresh (for `subscribe_entities`, with
/// a complete snapshot), so a consumer keeping state resets it on `.subscribed`. Events come in
/// order, as many at once as arrived together, so a busy stream wakes its consumer once per
/// read rather than once per event.
public enum SubscriptionUpdate: Sendable, Equatable {
    case subscribed
    case events([JSONValue])
}
