import Agent
import CLIKit
import Essentials
import FoundationEssentials
import HomeAPI
import SessionCommandKit

/// The signed-in server an agent command works with, and this machine's registration with it.
struct AgentSession: Sendable {
    let home: Home
    let registrar: MobileAppRegistrar
    let services: AgentServices

    /// The session of the server `invocation` names, with the relay its `--relay` options choose.
    init(_ invocation: Invocation, services: AgentServices) async throws {
        let home = try await Self.checkedHome(server: invocation.server, services: services)
        let relay = try await Self.relayCredentials(invocation, folder: home.folders.data)
        self.init(home: home, relay: relay, services: services)
    }

    /// The session of `server` (nil: the default), with the relay registered with before.
    init(server: String?, services: AgentServices) async throws {
        let home = try await Self.checkedHome(server: server, services: services)
        let relay = try RelayCredentials.load(from: home.folders.data)
        if let relay { try Self.refuseCleartext(relay.pushURL, insecure: false) }
        self.init(home: home, relay: relay, services: services)
    }

    private init(home: Home, relay: RelayCredentials?, services: AgentServices) {
        self.home = home
        self.services = services
        registrar = MobileAppRegistrar(
            home: home, appVersion: services.appVersion, device: DeviceInfo.read(appID: MobileAppRegistrar.appID),
            pushRelay: relay.map { ($0.pushURL, $0.pushToken) }
        )
    }

    /// The stored session of `server`, its access checked when the server can be reached.
    private static func checkedHome(server: String?, services: AgentServices) async throws -> Home {
        let home = try await services.session.restore(server: server)
        do {
            try await home.checkAccess()
        } catch where MobileAppRegistrar.isUnreachable(error) {
            // Offline: access is checked by the first call that reaches the server.
        }
        return home
    }

    /// The relay this machine announces: the one `--relay URL` names (registering with it when
    /// this machine holds no credentials of it yet), else the one registered with before;
    /// `--relay none` forgets it.
    static func relayCredentials(_ invocation: Invocation, folder: URL) async throws -> RelayCredentials? {
        let stored = try RelayCredentials.load(from: folder)
        let insecure = invocation.arguments.has("insecure-relay")
        guard let url = invocation.arguments.values["relay"] else {
            if let stored { try refuseCleartext(stored.pushURL, insecure: insecure) }
            return stored
        }
        if url == "none" {
            if let stored { try await forget(stored, folder: folder, console: invocation.console) }
            return nil
        }
        guard RelayCredentials.endpoint("/push/send", besides: url) != nil, URL(string: url)?.scheme.map({ ["http", "https"].contains($0) }) == true else {
            throw UsageError("--relay needs a push relay's /push/send URL, such as https://relay.example/push/send")
        }
        try refuseCleartext(url, insecure: insecure)
        if let stored, stored.pushURL == url { return stored }
        let key = try invocation.arguments.values["relay-key-file"].map { try SecretInput.read($0, option: "relay-key-file", console: invocation.console) }
            ?? Current.environment()["HOME_RELAY_KEY"].flatMap { $0.isEmpty ? nil : $0 }
        let credentials = try await RelayEnrollment().register(pushURL: url, key: key)
        if let stored { try? await forget(stored, folder: folder, console: invocation.console) }
        try credentials.save(to: folder)
        return credentials
    }

    /// Refuses an `http://` relay on another machine (the stream secret would cross the network in
    /// clear text) unless the user said `--insecure-relay`.
    private static func refuseCleartext(_ pushURL: String, insecure: Bool) throws {
        guard !insecure, RelayCredentials.isCleartextToAnotherMachine(pushURL) else { return }
        throw UsageError("the relay \(pushURL) is plain http on another machine: its stream secret would travel in clear text; use https:// (or --insecure-relay to accept that)")
    }

    /// Unregisters from the relay of `credentials` and removes them; a relay that cannot be
    /// reached is said, and the credentials are removed all the same.
    private static func forget(_ credentials: RelayCredentials, folder: URL, console: Console) async throws {
        do {
            try await RelayEnrollment().unregister(credentials)
        } catch {
            console.printError("warning: the relay \(credentials.pushURL) was not told to forget this machine: \(error)")
        }
        try? FileManager.default.removeItem(at: folder.appendingPathComponent("relay.json"))
    }

    /// Reports the contributed sensors through `registration`'s webhook and the durable queue.
    func sensorReporter(for registration: AgentRegistration) throws -> SensorReporter {
        SensorReporter(
            webhook: try WebhookClient(server: home.address, registration: registration.response),
            queue: try WebhookQueue(folder: home.folders.data), sensors: services.sensors
        )
    }
}
