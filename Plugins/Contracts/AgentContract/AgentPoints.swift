import Agent
import PluginHost

/// The extension points the agent plugin reads; a plugin contributes to one by declaring the
/// entry in its descriptor and calling `context.contribute` when it starts.
public enum AgentPoints {
    /// Sensors the agent can report, one ``SensorSet`` per entry. An out-of-tree plugin's entry
    /// is one sensor (its metadata: `unit`, `device_class`, `state_class`, `icon`,
    /// `entity_category`; `invoke` answers `{"state": …}`).
    public static let sensorSources = ExtensionPoint<SensorSet>(name: "agent.sensor-sources") { SensorSet([ForeignSensor($0)]) }
    /// Handlers of notification commands, named by the command (`clear_notification`,
    /// `command_greet`), and of ordinary messages before they are shown, named `message/…`.
    /// An out-of-tree plugin's entry receives the notification as JSON and answers
    /// `{"handled": "what it did"}` or `{"show": true}`.
    public static let notificationHandlers = ExtensionPoint<any NotificationCommandHandler>(name: "agent.notification-handlers") {
        ForeignNotificationHandler($0)
    }
    /// The ways notifications reach the agent (the local push channel, a relay's stream).
    public static let notificationChannels = ExtensionPoint<any NotificationChannel>(name: "agent.notification-channels")
    /// What shows a notification to the person at the machine (the desktop, a terminal, …).
    public static let notificationPresenters = ExtensionPoint<any NotificationPresenter>(name: "agent.notification-presenters")
    /// Where this machine is, for `request_location_update`; the first entry is asked.
    public static let locationSources = ExtensionPoint<any LocationSource>(name: "agent.location-sources")
    /// What runs beside the daemon once the device is registered (the mqtt plugin's transport).
    public static let services = ExtensionPoint<any AgentService>(name: "agent.services")
    /// What Home Assistant can drive on this machine, a ``ControlSet`` per entry, carried by a
    /// transport plugin (mqtt), each control off until the user enables it (`home controls enable`).
    /// An out-of-tree plugin's entry is one control (``ForeignControl``).
    public static let controls = ExtensionPoint<ControlSet>(name: "agent.controls") { ControlSet([ForeignControl($0)]) }

    /// Every point the agent reads, for its descriptor's `consumes`.
    public static let all = [
        sensorSources.name, notificationChannels.name, notificationHandlers.name, notificationPresenters.name, locationSources.name, services.name,
    ]
}
