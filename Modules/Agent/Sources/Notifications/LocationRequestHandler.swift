import Essentials

/// `request_location_update`: reads the first location source and sends the fix as
/// `update_location`; without a source, says why nothing was sent.
public struct LocationRequestHandler: NotificationCommandHandler {
    let sources: @Sendable () -> [any LocationSource]
    let send: @Sendable (_ type: String, _ data: JSONValue) async throws -> String

    /// Creates the handler; `sources` is read at each request, `send` queues a webhook call and
    /// says whether it went out.
    public init(
        sources: @escaping @Sendable () -> [any LocationSource],
        send: @escaping @Sendable (_ type: String, _ data: JSONValue) async throws -> String
    ) {
        self.sources = sources
        self.send = send
    }

    public func handle(_ notification: PushNotification) async throws -> NotificationHandling {
        guard let source = sources().first else {
            return .handled(
                "request_location_update: no location source plugin is enabled, so no location was sent "
                    + "(enable one that contributes to agent.location-sources, or send one with 'home agent location LAT LON')"
            )
        }
        let fix = try await source.locate()
        let outcome = try await send("update_location", .object(fix.webhookData))
        return .handled("request_location_update: location \(fix.latitude), \(fix.longitude) (±\(Int(fix.accuracy)) m) \(outcome)")
    }
}
