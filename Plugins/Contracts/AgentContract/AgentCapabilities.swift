import PluginHost

/// The capability of the agent contract (its extension points are ``AgentPoints``).
public enum AgentCapabilities {
    /// This machine's mobile_app webhook (``AgentWebhook``).
    public static let webhook = CapabilityKey<any AgentWebhook>(name: "agent.webhook")
    /// Which sensors report to which server (``SensorReporting``): what `home sensors` and the
    /// window's settings page show and change.
    public static let sensorReporting = CapabilityKey<any SensorReporting>(name: "agent.sensor-reporting")
    /// The notifications received from each server (``NotificationHistoryAccess``).
    public static let notificationHistory = CapabilityKey<any NotificationHistoryAccess>(name: "agent.notification-history")
}
