/// One entry of the relay's provider manifest: which app ids a provider serves.
public struct ProviderRoute: Sendable {
    /// The route's id in metrics.
    public let id: String
    /// The app ids it serves; `*` serves any.
    public let appIDs: [String]
    /// The push service, or nil for the relay's own stream delivery.
    public let provider: (any PushProvider)?

    /// A route sending the apps `appIDs` through `provider` (nil: to the device's stream).
    public init(id: String, appIDs: [String], provider: (any PushProvider)?) {
        self.id = id
        self.appIDs = appIDs
        self.provider = provider
    }

    func serves(_ appID: String) -> Bool {
        appIDs.contains("*") || appIDs.contains(appID)
    }

    /// Everything through the relay's streams.
    public static let streamOnly = [ProviderRoute(id: "stream", appIDs: ["*"], provider: nil)]
}
