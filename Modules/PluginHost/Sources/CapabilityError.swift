/// Why the registry could not register or hand out a capability.
public enum CapabilityError: Error, Equatable, CustomStringConvertible {
    case alreadyProvided(CapabilityID, by: String)
    case notProvided(CapabilityID)
    case wrongType(CapabilityID, expected: String, provider: String)

    public var description: String {
        switch self {
        case .alreadyProvided(let id, let provider):
            "capability \(id) is already provided by '\(provider)'; a capability has one provider"
        case .notProvided(let id):
            "no started plugin provides capability \(id); enable a plugin that provides it in the manifest"
        case .wrongType(let id, let expected, let provider):
            "capability \(id) from '\(provider)' is not a \(expected); the provider and the caller disagree on its type"
        }
    }
}
