import Essentials

/// A fan: speed in percent (in steps), oscillation and direction, where it has them.
public struct FanTrait: Sendable, Equatable {
    public let percentage: Int?
    public let step: Double?
    public let oscillating: Bool?
    public let direction: String?
    public let supportsSpeed: Bool
    public let supportsOscillation: Bool
    public let supportsDirection: Bool

    var values: [String: JSONValue] {
        ["percentage": .from(percentage), "step": .from(step), "oscillating": .from(oscillating), "direction": .from(direction)]
    }
}
