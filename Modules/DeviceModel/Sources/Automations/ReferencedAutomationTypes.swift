/// The device types and traits an app means to use in automations, as the seed's
/// `ReferencedAutomationTypes(deviceTypes:traits:)`: when any is listed, a draft may name only
/// entities whose device is of a listed type or that have a listed trait, and time or sun
/// starters and time conditions only when that structure trait is listed. Empty allows all.
/// Every check of it is ``check(_:of:)`` and ``check(_:)``.
public struct ReferencedAutomationTypes: Sendable, Equatable {
    /// Device types whose entities automations may name.
    public var deviceTypes: Set<DeviceType>
    /// Traits whose entities automations may name.
    public var traits: Set<TraitKind>
    /// Time and sun, for starters and conditions that are no device's.
    public var structureTraits: Set<StructureTrait>

    /// The types listed; none at all allows everything.
    public init(deviceTypes: Set<DeviceType> = [], traits: Set<TraitKind> = [], structureTraits: Set<StructureTrait> = []) {
        self.deviceTypes = deviceTypes
        self.traits = traits
        self.structureTraits = structureTraits
    }

    /// From names as a manifest or file lists them: a device type (`light`, `garage_door`), a
    /// trait (`on_off`, `brightness`) or a structure trait (`time`, `sun`); a name that is both a
    /// device type and a trait (`thermostat`) counts as both. An unknown name is refused, naming
    /// the valid ones.
    public init(names: [String]) throws(DeviceModelError) {
        self.init()
        for name in names {
            let type = DeviceType(rawValue: name).flatMap { $0 == .other ? nil : $0 }
            let trait = TraitKind(rawValue: name)
            let structure = StructureTrait(rawValue: name)
            guard type != nil || trait != nil || structure != nil else { throw .invalidArgument("'\(name)' is no device type or trait; valid: \(Self.validNames.joined(separator: ", "))") }
            if let type { deviceTypes.insert(type) }
            if let trait { traits.insert(trait) }
            if let structure { structureTraits.insert(structure) }
        }
    }

    /// Every name ``init(names:)`` takes.
    public static var validNames: [String] {
        Array(Set(DeviceType.allCases.filter { $0 != .other }.map(\.rawValue) + TraitKind.allCases.map(\.rawValue) + StructureTrait.allCases.map(\.rawValue))).sorted()
    }

    /// Whether nothing is listed (everything allowed).
    public var isEmpty: Bool { deviceTypes.isEmpty && traits.isEmpty && structureTraits.isEmpty }

    /// The names, sorted, for messages and files.
    public var names: [String] {
        Array(Set(deviceTypes.map(\.rawValue) + traits.map(\.rawValue) + structureTraits.map(\.rawValue))).sorted()
    }

    /// Refuses `entity` (of a device of type `type`) unless its type or one of its traits is listed.
    func check(_ entity: DeviceEntity, of type: DeviceType) throws(DeviceModelError) {
        guard !isEmpty, !deviceTypes.contains(type), traits.isDisjoint(with: entity.traits.map(\.kind)) else { return }
        let has = ([type.rawValue] + entity.traits.map(\.kind.rawValue)).joined(separator: ", ")
        throw .failedPrecondition("\(entity.entityID) (\(has)) is of no type or trait the configuration references (referencedAutomationTypes: \(names.joined(separator: ", ")))")
    }

    /// Refuses a time or sun part unless its structure trait is listed.
    func check(_ trait: StructureTrait) throws(DeviceModelError) {
        guard !isEmpty, !structureTraits.contains(trait) else { return }
        throw .failedPrecondition("a \(trait.rawValue) part needs the \(trait.rawValue) trait among the referencedAutomationTypes (\(names.joined(separator: ", ")))")
    }
}
