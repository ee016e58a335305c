import Agent
import Foundation
import Synchronization

/// The daemon's steps as a test scripts them: registration fails `unreachableTimes` times
/// with an unreachable error first; every step is recorded in order.
final class DaemonScript: Sendable {
    struct Unreachable: Error {}
    struct Refused: Error {}
    struct Revoked: Error {}

    private let events = Mutex<[String]>([])
    private let remainingFailures: Mutex<Int>
    private let refuse: Bool
    private let revokedAtReport: Int?
    private let onReport: @Sendable (Int) -> Void
    private let reports = Mutex(0)

    init(unreachableTimes: Int = 0, refuse: Bool = false, revokedAtReport: Int? = nil, onReport: @escaping @Sendable (Int) -> Void = { _ in }) {
        remainingFailures = Mutex(unreachableTimes)
        self.refuse = refuse
        self.revokedAtReport = revokedAtReport
        self.onReport = onReport
    }

    var recorded: [String] { events.withLock { $0 } }

    var steps: AgentDaemon.Steps {
        AgentDaemon.Steps(
            register: {
                self.record("register")
                if self.refuse { throw Refused() }
                let failing = self.remainingFailures.withLock { remaining -> Bool in
                    defer { remaining -= 1 }
                    return remaining > 0
                }
                if failing { throw Unreachable() }
                return (try Self.registration(), .unchanged)
            },
            isUnreachable: { $0 is Unreachable },
            openChannels: { _ in
                self.record("open channels")
                return { self.record("close channels") }
            },
            report: { _ in
                let count = self.reports.withLock { count -> Int in
                    count += 1
                    return count
                }
                self.record("report \(count)")
                if count == self.revokedAtReport { throw Revoked() }
                self.onReport(count)
                return SensorReport()
            },
            isRevoked: { $0 is Revoked },
            started: { self.record("started") }
        )
    }

    private func record(_ event: String) {
        events.withLock { $0.append(event) }
    }

    /// A registration as `home agent register` keeps it.
    static func registration() throws -> AgentRegistration {
        let json = """
        {"request": {"app_version": "0.1.0", "device_name": "test-machine", "manufacturer": "Debian", "model": "PC"},
         "response": {"webhook_id": "abc"}, "registeredAt": "2026-01-01T00:00:00.000000+00:00"}
        """
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .haTimestamp
        return try decoder.decode(AgentRegistration.self, from: Data(json.utf8))
    }
}
