import AgentContract
import ConnectionContract
import Essentials
import SessionContract
import WindowContract

/// What the tray uses of the rest: the signed-in sessions, connections with their entity stores,
/// the agent's notification history, and what opens the window.
struct TrayServices: Sendable {
    let session: any SessionAccess
    let connections: any ConnectionFactory
    let notifications: any NotificationHistoryAccess
    let openers: @Sendable () -> [any WindowOpening]
    let logger: Logger
}
