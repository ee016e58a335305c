import DeviceModel
import Networking

/// A device model over its own connection to the test server, as the home-devices plugin opens one.
struct OpenModel {
    let model: HomeModel
    let connection: HomeAssistantConnection
    let store: EntityStore
    let rest: RESTClient

    static func open(_ server: IntegrationEnvironment, strict: Bool = true) async throws -> OpenModel {
        let address = try ServerAddress(server.url)
        let connection = HomeAssistantConnection(address: address, tokenProvider: StaticTokenProvider(server.token))
        await connection.start()
        let store = EntityStore(connection: connection)
        await store.start()
        await store.waitForSnapshot()
        let model = HomeModel(connection: connection, store: store, server: server.url, strictValidation: strict)
        try await model.start()
        return OpenModel(model: model, connection: connection, store: store, rest: RESTClient(address: address, tokenProvider: StaticTokenProvider(server.token)))
    }

    func automations() -> HomeAutomations {
        HomeAutomations(model: model, rest: rest)
    }

    func automations(referencing types: [String]) throws -> HomeAutomations {
        HomeAutomations(model: model, rest: rest, referencedTypes: try ReferencedAutomationTypes(names: types))
    }

    func close() async {
        await model.stop()
        await store.stop()
        await connection.stop()
    }
}
