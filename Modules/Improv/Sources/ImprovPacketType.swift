/// The kinds of Improv serial packet (Improv Wi-Fi serial protocol, version 1).
public enum ImprovPacketType: UInt8, Sendable, CaseIterable {
    case currentState = 0x01
    case errorState = 0x02
    case rpcCommand = 0x03
    case rpcResult = 0x04
}
