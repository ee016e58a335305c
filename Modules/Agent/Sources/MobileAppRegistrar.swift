import Essentials
import FoundationEssentials
import HAModels
import HomeAPI
import Networking

/// Registers this machine as a mobile_app device of a server and keeps the registration current.
public struct MobileAppRegistrar: Sendable {
    public static let appID = "io.homecompanion.linux"
    public static let appName = "HomeCompanion"

    let home: Home
    let appVersion: String
    let device: DeviceInfo
    /// The push relay to announce: its `/push/send` URL and this device's token there.
    let pushRelay: (url: String, token: String)?

    public init(home: Home, appVersion: String, device: DeviceInfo, pushRelay: (url: String, token: String)? = nil) {
        self.home = home
        self.appVersion = appVersion
        self.device = device
        self.pushRelay = pushRelay
    }

    /// What the registration says about this device.
    public var request: MobileAppRegistration {
        var appData: [String: JSONValue] = ["push_websocket_channel": .bool(true)]
        if let pushRelay {
            appData["push_url"] = .string(pushRelay.url)
            appData["push_token"] = .string(pushRelay.token)
        }
        return MobileAppRegistration(
            deviceID: device.deviceID, appID: Self.appID, appName: Self.appName, appVersion: appVersion,
            deviceName: device.deviceName, manufacturer: device.manufacturer, model: device.model,
            osName: device.osName, osVersion: device.osVersion, supportsEncryption: true, appData: appData
        )
    }

    /// Registers if needed, or sends `update_registration` when anything changed (else checks the
    /// registration is alive with `get_config`); when the server deleted the integration (410, 404
    /// from the cloudhook, or an empty answer from a server that is running), registers again, once.
    /// A server still starting also answers an unknown webhook (mobile_app not loaded yet) with an
    /// empty 200: that is "try later", never a reason to register a second device.
    public func ensureRegistered() async throws -> (AgentRegistration, RegistrationOutcome) {
        let folder = home.folders.data
        guard let stored = try AgentRegistration.load(from: folder) else {
            return (try await register(), .registered)
        }
        let webhook = try WebhookClient(server: home.address, registration: stored.response)
        do {
            // Nothing changed: ask for the configuration, which a live registration always answers
            // (an unknown webhook gets an empty 200, so calls to it would vanish unnoticed).
            let changed = stored.request != request
            let answer = changed ? try await webhook.send("update_registration", try updateData()) : try await webhook.send("get_config")
            guard answer != nil else {
                try await requireRunning()
                return (try await register(), .registeredAgain)
            }
            guard changed else { return (stored, .unchanged) }
        } catch WebhookError.gone, WebhookError.cloudhookNotFound {
            return (try await register(), .registeredAgain)
        }
        var updated = stored
        updated.request = request
        try updated.save(to: folder)
        return (updated, .updated)
    }

    /// The registration to send with: ensured when the server answers; while it cannot be
    /// reached, the stored one (calls then wait in the queue). The outcome is nil when offline.
    public func registrationForSending() async throws -> (AgentRegistration, RegistrationOutcome?) {
        do {
            let (registration, outcome) = try await ensureRegistered()
            return (registration, outcome)
        } catch where Self.isUnreachable(error) {
            guard let stored = try AgentRegistration.load(from: home.folders.data) else { throw error }
            return (stored, nil)
        }
    }

    /// Whether `error` means the server could not be reached (as opposed to refusing).
    public static func isUnreachable(_ error: any Error) -> Bool {
        switch error {
        case WebhookError.transport, RESTError.transport: true
        case let error as HomeError: error.code == .unavailable
        default: false
        }
    }

    /// Throws a transport error (retry later) unless the server says it is running.
    private func requireRunning() async throws {
        let state = try await RESTClient(address: home.address, tokenProvider: home.tokenProvider).config().state
        if let state, state != "RUNNING" {
            throw WebhookError.transport("the server is starting (\(state)); the registration is checked again later")
        }
    }

    private func register() async throws -> AgentRegistration {
        let rest = RESTClient(address: home.address, tokenProvider: home.tokenProvider)
        let answer = try await rest.post("/api/mobile_app/registrations", body: try JSONValueEncoder().encodeValue(request))
        let response = try JSONValueDecoder().decode(MobileAppRegistrationResponse.self, from: answer)
        let registration = AgentRegistration(request: request, response: response, registeredAt: Current.now())
        try registration.save(to: home.folders.data)
        return registration
    }

    private func updateData() throws -> JSONValue {
        let fields = try JSONValueEncoder().encodeValue(request).objectValue ?? [:]
        let kept = ["app_data", "app_version", "device_name", "manufacturer", "model", "os_version"]
        return .object(fields.filter { kept.contains($0.key) })
    }
}
