import DeviceModel
import Networking

/// A device model with the connection and store under it, closed together, and the home's
/// automations over the same session.
public struct OpenHomeModel: Sendable {
    /// The structures, rooms and devices, live.
    public let model: HomeModel
    /// The home's automations over the same session.
    public let automations: HomeAutomations
    let connection: HomeAssistantConnection
    let store: EntityStore

    /// Holds `model` and `automations` with the `connection` and `store` under them.
    public init(model: HomeModel, automations: HomeAutomations, connection: HomeAssistantConnection, store: EntityStore) {
        self.model = model
        self.automations = automations
        self.connection = connection
        self.store = store
    }

    /// Stops the model, the store and the connection.
    public func close() async {
        await model.stop()
        await store.stop()
        await connection.stop()
    }
}
