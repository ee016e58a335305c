/// MeshCoP TLV types found in Thread operational datasets (Thread 1.3 specification, 8.10).
public enum ThreadTLVType: UInt8, Sendable, CaseIterable {
    case channel = 0
    case panID = 1
    case extendedPANID = 2
    case networkName = 3
    case pskc = 4
    case networkKey = 5
    case meshLocalPrefix = 7
    case securityPolicy = 12
    case activeTimestamp = 14
    case pendingTimestamp = 51
    case delayTimer = 52
    case channelMask = 53
}
