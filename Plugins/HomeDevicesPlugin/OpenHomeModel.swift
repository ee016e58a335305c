import DeviceModel
import Networking

/// A device model with the connection and store under it, closed together, and the home's
/// automations over the same session.
public struct OpenHomeModel: Sendable {
    public let model: HomeModel
    public let automations: HomeAutomations
    let connection: HomeAssistantConnection
    let store: EntityStore

    /// Stops the model, the store and the connection.
    public func close() async {
        await model.stop()
        await store.stop()
        await connection.stop()
    }
}
