import Agent
import Essentials
import FoundationEssentials
import Synchronization

/// `home agent --location-interval`: the location source's place, sent as `update_location`
/// when the interval has passed since the last one (checked at each report, so at most as often
/// as reports go). A source that fails is logged and asked again at the next report.
final class LocationSchedule: Sendable {
    let interval: Double
    let sources: @Sendable () -> [any LocationSource]
    let logger: Logger
    private let lastSent = Mutex<Date?>(nil)
    private let missingSaid = Mutex(false)

    init(interval: Double, sources: @escaping @Sendable () -> [any LocationSource], logger: Logger) {
        self.interval = interval
        self.sources = sources
        self.logger = logger
    }

    /// Sends the place through `send` when it is due.
    func reportIfDue(now: Date = Current.now(), send: @Sendable (_ type: String, _ data: JSONValue) async throws -> String) async {
        guard lastSent.withLock({ last in last.map { now.timeIntervalSince($0) >= interval - 0.5 } ?? true }) else { return }
        guard let source = sources().first else {
            let first = missingSaid.withLock { said in
                defer { said = true }
                return !said
            }
            if first {
                logger.info("--location-interval: no location source plugin is enabled (the location plugin); no location is sent")
            }
            return
        }
        do {
            let fix = try await source.locate()
            let outcome = try await send("update_location", .object(fix.webhookData))
            lastSent.withLock { $0 = now }
            logger.info("location \(fix.latitude), \(fix.longitude) (±\(Int(fix.accuracy)) m) \(outcome)")
        } catch {
            logger.warning("location not sent, trying again at the next report: \(error)")
        }
    }
}
