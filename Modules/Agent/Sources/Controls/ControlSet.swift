/// The controls one plugin contributes to `agent.controls`, under one entry.
public struct ControlSet: Sendable {
    public let controls: [any Control]

    public init(_ controls: [any Control]) {
        self.controls = controls
    }
}
