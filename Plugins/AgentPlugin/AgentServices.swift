import Agent
import AgentContract
import Essentials
import FoundationEssentials
import PluginHost
import SessionCommandKit
import SessionContract

/// What the agent's commands use: the session capability, the entries of the agent's extension
/// points (read live from the plugin's context), and the daemon's wakeups.
struct AgentServices: Sendable {
    let session: any SessionAccess
    let context: PluginContext
    let appVersion: String
    let wakeups: AgentWakeups

    /// Every contributed sensor, the first of each unique id kept.
    var sensors: [any LinuxSensor] {
        var seen: Set<String> = []
        var sensors: [any LinuxSensor] = []
        for contribution in context.contributions(to: AgentPoints.sensorSources) {
            for sensor in contribution.value.sensors {
                if seen.insert(sensor.definition.uniqueID).inserted {
                    sensors.append(sensor)
                } else {
                    context.logger.warning("'\(contribution.plugin)' contributes sensor \(sensor.definition.uniqueID), which another plugin already does; ignored")
                }
            }
        }
        return sensors
    }

    /// The handler the notification channels hand every notification to: the contributed
    /// handlers, over the agent's own for `clear_notification`, `update_sensors` and
    /// `request_location_update` (a contributed one of the same name wins).
    func notificationHandler(history: NotificationHistory, session: AgentSession, logger: Logger) -> NotificationHandler {
        let sources = { @Sendable in locationSources }
        var handlers: [String: any NotificationCommandHandler] = [
            "clear_notification": ClearNotificationHandler(history: history),
            "update_sensors": UpdateSensorsHandler(wakeups: wakeups),
            "request_location_update": LocationRequestHandler(sources: sources) { type, data in try await session.queueAndSend(type, data) },
        ]
        for contribution in context.contributions(to: AgentPoints.notificationHandlers) {
            handlers[contribution.name] = contribution.value
        }
        return NotificationHandler(
            history: history, presenters: context.contributions(to: AgentPoints.notificationPresenters).map(\.value), handlers: handlers,
            responder: NotificationResponder { type, data in
                let outcome = try await session.queueAndSend(type, data)
                let action = data.objectValue?["event_data"]?.objectValue?["action"]?.stringValue ?? "?"
                logger.info("action \(action) pressed: \(outcome)")
                return outcome
            },
            images: NotificationImages(
                server: session.home.address, tokens: session.home.tokenProvider,
                folder: session.home.folders.cache.appendingPathComponent("notification-images"), logger: logger
            ),
            server: session.home.server.baseURL, logger: logger
        )
    }

    /// The location sources, in the order their plugins started.
    var locationSources: [any LocationSource] {
        context.contributions(to: AgentPoints.locationSources).map(\.value)
    }
}
