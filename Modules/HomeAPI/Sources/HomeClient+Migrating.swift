import Essentials
import FoundationEssentials

extension HomeClient {
    /// Keeps `structureID` (a server's URL) as the structure a person who has not signed in yet
    /// is expected to choose, as the seed's `migrating(structureID:)` does: the next sign-in
    /// without a server named (`home login` with no URL) goes to it, and a permissions update
    /// with no structure given preselects it. Signing in to it uses it up. Throws when it is not
    /// a server URL.
    public func migrating(structureID: String) async throws {
        let (_, layout) = try context()
        let address = try Home.address(structureID)
        do {
            try layout.prepare(layout.configuration)
            try StructureHint.store(in: layout.configuration).save(StructureHint(structureID: address.description, keptAt: Current.now()))
        } catch {
            throw HomeError(converting: error)
        }
    }

    /// The structure kept by ``migrating(structureID:)`` and not used yet, if any.
    public func structureHint() throws -> String? {
        let (_, layout) = try context()
        do {
            return try StructureHint.store(in: layout.configuration).load()?.structureID
        } catch {
            throw HomeError(converting: error)
        }
    }

    /// Forgets the hint once `address` is signed in to, if it was the hinted one.
    func useHint(signedInTo address: String, configurationFolder: URL) {
        let store = StructureHint.store(in: configurationFolder)
        guard (try? store.load())?.structureID == address else { return }
        do {
            try store.remove()
        } catch {
            Current.logger("home").warning("the structure hint for \(address) could not be removed: \(error)")
        }
    }
}
