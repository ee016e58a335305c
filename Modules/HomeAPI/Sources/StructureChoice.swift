/// What a permissions update offers: the servers (structures) to choose from, the hinted one
/// preselected, and whether the user may pick another.
public struct StructureChoice: Sendable, Equatable {
    /// The structure ids shown, in order.
    public let options: [String]
    /// The structure selected to begin with.
    public let preselected: String
    /// When true only ``preselected`` can be chosen (confirmed or cancelled).
    public let locked: Bool
    /// Whether a structure outside ``options`` may be typed in (no allow-list and changes allowed).
    public let acceptsOthers: Bool

    /// Builds the choice. `known` are the servers with a session and `current` the active one;
    /// `allowed` (when given) replaces them as the list; `hint` is preselected and must be in
    /// the allowed list unless changes are allowed.
    public init(known: [String], current: String, hint: String?, allowed: [String]?, allowChange: Bool) throws(HomeError) {
        var options = allowed ?? known.sorted()
        let preselected = hint ?? (allowed?.first ?? current)
        if !options.contains(preselected) {
            guard allowed == nil || allowChange else {
                throw .invalidField("structureID", "'\(preselected)' is not among allowedStructureIDs and allowStructureChange is false")
            }
            options.insert(preselected, at: 0)
        }
        guard !options.isEmpty else { throw .invalidField("allowedStructureIDs", "the list is empty") }
        self.options = options
        self.preselected = preselected
        locked = !allowChange
        acceptsOthers = allowChange && allowed == nil
    }

    /// Whether `structure` may be chosen.
    public func accepts(_ structure: String) -> Bool {
        if locked { return structure == preselected }
        return acceptsOthers || options.contains(structure)
    }
}
