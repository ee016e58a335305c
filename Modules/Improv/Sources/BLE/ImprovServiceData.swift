/// The Improv service data a device advertises: its state and capabilities, then four reserved bytes.
public struct ImprovServiceData: Sendable, Equatable {
    public let state: ImprovState
    public let capabilities: ImprovCapabilities

    public init(state: ImprovState, capabilities: ImprovCapabilities) {
        self.state = state
        self.capabilities = capabilities
    }

    public init(bytes: [UInt8]) throws(ImprovProtocolError) {
        guard bytes.count == 6 else {
            throw bytes.count < 6 ? .truncated(what: "the Improv service data", needed: 6, available: bytes.count)
                : .tooLong(what: "the Improv service data", bytes: bytes.count, limit: 6)
        }
        guard let state = ImprovState(rawValue: bytes[0]) else { throw .invalid("the service data's state \(bytes[0]) is not an Improv state") }
        self.state = state
        capabilities = ImprovCapabilities(rawValue: bytes[1])
    }
}
