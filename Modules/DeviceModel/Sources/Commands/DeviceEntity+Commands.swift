extension DeviceEntity {
    /// The commands this entity takes now (`brightness.set`, …), from its traits.
    public var commands: [String] { CommandPlanner.supported(by: self) }
}
