/// Why a registry could not register or hand out a capability or an extension entry.
public enum CapabilityError: Error, Equatable, CustomStringConvertible {
    case alreadyProvided(CapabilityID, by: String)
    case notProvided(CapabilityID)
    case wrongType(CapabilityID, expected: String, provider: String)
    case alreadyContributed(point: String, name: String, by: String)

    public var description: String {
        switch self {
        case .alreadyProvided(let id, let provider):
            "capability \(id) is already provided by '\(provider)'; a capability has one provider"
        case .notProvided(let id):
            "no started plugin provides capability \(id); enable a plugin that provides it in the manifest"
        case .wrongType(let id, let expected, let provider):
            "capability \(id) from '\(provider)' is not a \(expected); the provider and the caller disagree on its type"
        case .alreadyContributed(let point, let name, let plugin):
            "'\(name)' is already contributed to \(point) by '\(plugin)'; a name is taken once per extension point"
        }
    }
}
