import Essentials
import HomeAPI
import HomePluginKit
import PluginHost
import SessionContract

/// The session: configures the `Home` entry point, provides ``SessionAccess`` to the plugins
/// that talk to a server, and contributes the commands that sign in and out.
public final class SessionPlugin: Plugin {
    /// How the compiled catalog describes and builds this plugin.
    public static let factory: any PluginFactory = BuiltInPluginFactory(
        descriptor: PluginDescriptor(
            id: "session", version: SemanticVersion(1, 0, 0),
            summary: "Sign-in, stored sessions (0600) and the Home entry point: login, logout, servers, status, locale, permissions",
            provides: [SessionCapabilities.access.id],
            contributes: [
                LoginCommand.declaration, LogoutCommand.declaration, ServersCommand.declaration, StatusCommand.declaration,
                LocaleCommand.declaration, PermissionsCommand.declaration,
            ],
            configurationKeys: ["clientID"]
        ),
        configuration: SessionConfiguration.self
    ) { configuration in
        SessionPlugin(configuration: configuration)
    }

    private let configuration: SessionConfiguration

    init(configuration: SessionConfiguration) {
        self.configuration = configuration
    }

    public func start(_ context: PluginContext) async throws {
        // The client id sessions are issued to: the manifest's, else HOME_CLIENT_ID (to tell
        // this machine's sessions apart in the server's list of refresh tokens), else the default.
        let clientID = configuration.clientID ?? Current.environment()["HOME_CLIENT_ID"].flatMap { $0.isEmpty ? nil : $0 }
        // This host's Home client, handed out with the sessions (no process-wide state).
        let client = HomeClient()
        try client.configure { settings in
            if let clientID { settings.clientID = clientID }
        }
        // Read live when a server is forgotten, by then every plugin has contributed. Not declared
        // under `consumes`: that would start the contributors first, and they need the session.
        client.forgetting { context.contributions(to: SessionCapabilities.serverForgetting).map(\.value) }
        // Each server at its internal URL on a home Wi-Fi network, its external one elsewhere.
        client.locating(with: NetworkManagerLocator(logger: context.logger))
        let session = StoredSessions(client: client)
        try context.provide(SessionCapabilities.access, session)
        try context.contribute(command: LoginCommand(session: session, logger: context.logger))
        try context.contribute(command: LogoutCommand(session: session))
        try context.contribute(command: ServersCommand(session: session, logger: context.logger))
        try context.contribute(command: StatusCommand(session: session))
        try context.contribute(command: LocaleCommand(session: session))
        try context.contribute(command: PermissionsCommand(session: session))
    }

    public func stop() async {}
}
