import Auth
import FoundationEssentials
import Networking

/// Updating which servers (structures) the user grants access to.
public struct HomePermissions: Sendable {
    let home: Home

    /// The server's page where the person sees and revokes the sessions it issued (Home
    /// Assistant's profile, its security tab: "Refresh tokens"), this companion's among them.
    public var revokeAccessURL: URL {
        home.server.url(path: "/profile/security")
    }

    /// Offers the servers to (re)authorize, with `structureID` preselected, the list limited to
    /// `allowedStructureIDs` when given, and the choice locked to the preselected one unless
    /// `allowStructureChange`; with no `structureID`, the one ``HomeClient/migrating(structureID:)``
    /// kept is preselected, if any. The chosen server is then signed in to with the method
    /// `signIn` gives for it. Returns the new session, or nil when the user cancelled.
    public func presentPermissionsUpdate(
        structureID: String? = nil, allowedStructureIDs: [String]? = nil, allowStructureChange: Bool = false,
        prompt: any PermissionsPrompt, signIn: @Sendable (ServerAddress) async throws -> SignInMethod
    ) async throws -> Home? {
        let known = try home.client.servers().map(\.server)
        let choice = try StructureChoice(
            known: known, current: home.structureID,
            hint: try structureID.map { try Home.address($0).description } ?? home.client.structureHint(),
            allowed: try allowedStructureIDs?.map { try Home.address($0).description },
            allowChange: allowStructureChange
        )
        guard let chosen = try await prompt.choose(choice) else { return nil }
        let address = try Home.address(chosen)
        guard choice.accepts(address.description) else {
            let allowed = choice.locked ? choice.preselected : choice.options.joined(separator: ", ")
            throw HomeError.invalidField("structureID", "'\(chosen)' may not be chosen here; allowed: \(allowed)")
        }
        return try await home.client.signIn(to: address.description, using: try await signIn(address))
    }
}
