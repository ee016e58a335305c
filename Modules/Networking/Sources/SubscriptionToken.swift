import FoundationEssentials
import Transport

/// Names a handler subscription, to cancel it with ``HomeAssistantConnection/cancel(_:)``.
public struct SubscriptionToken: Sendable, Hashable {
    let key: UUID
}
