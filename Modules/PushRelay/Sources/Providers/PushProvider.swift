import Essentials
import Foundation

/// Sends a device payload through a push service (APNs, FCM). Chosen per app id by the relay's
/// provider manifest; the relay's own stream delivery is the provider `stream`.
public protocol PushProvider: Sendable {
    /// The id the manifest names it by, and the label of its deliveries in the metrics.
    var id: String { get }
    /// Sends `payload` to `token`; a refusal throws a ``RelayRequestError`` saying why.
    func send(_ payload: JSONValue, to token: String, expiresAt: Date) throws
}
