import PluginHost

/// The capability of the agent contract (its extension points are ``AgentPoints``).
public enum AgentCapabilities {
    /// This machine's mobile_app webhook (``AgentWebhook``).
    public static let webhook = CapabilityKey<any AgentWebhook>(name: "agent.webhook")
}
