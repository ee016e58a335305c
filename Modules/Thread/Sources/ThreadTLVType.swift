/// MeshCoP TLV types (Thread 1.3 specification, 8.10; and those seen in the wild). An operational
/// dataset holds the first group; the others appear in commissioning messages and are kept as
/// they are when a dataset carries them.
public enum ThreadTLVType: UInt8, Sendable, CaseIterable {
    case channel = 0
    case panID = 1
    case extendedPANID = 2
    case networkName = 3
    case pskc = 4
    case networkKey = 5
    case networkKeySequence = 6
    case meshLocalPrefix = 7
    case steeringData = 8
    case borderAgentLocator = 9
    case commissionerID = 10
    case commissionerSessionID = 11
    case securityPolicy = 12
    case get = 13
    case activeTimestamp = 14
    case commissionerUDPPort = 15
    case state = 16
    case joinerDTLSEncapsulation = 17
    case joinerUDPPort = 18
    case joinerIID = 19
    case joinerRouterLocator = 20
    case joinerRouterKEK = 21
    case provisioningURL = 32
    case vendorName = 33
    case vendorModel = 34
    case vendorSoftwareVersion = 35
    case vendorData = 36
    case vendorStackVersion = 37
    case udpEncapsulation = 48
    case ipv6Address = 49
    case pendingTimestamp = 51
    case delayTimer = 52
    case channelMask = 53
    case count = 54
    case period = 55
    case scanDuration = 56
    case energyList = 57
    /// Thread 1.4's wake-up channel (seen in datasets from Apple devices).
    case wakeupChannel = 74
    case discoveryRequest = 128
    case discoveryResponse = 129
    case joinerAdvertisement = 241

    /// The name people read (and `--json` prints).
    public var name: String {
        switch self {
        case .channel: "channel"
        case .panID: "pan_id"
        case .extendedPANID: "extended_pan_id"
        case .networkName: "network_name"
        case .pskc: "pskc"
        case .networkKey: "network_key"
        case .meshLocalPrefix: "mesh_local_prefix"
        case .securityPolicy: "security_policy"
        case .activeTimestamp: "active_timestamp"
        case .pendingTimestamp: "pending_timestamp"
        case .delayTimer: "delay_timer"
        case .channelMask: "channel_mask"
        case .wakeupChannel: "wakeup_channel"
        default: "\(self)"
        }
    }

    /// The value length a dataset's TLV of this type must have, where the type fixes one.
    var fixedLength: Int? {
        switch self {
        case .channel, .wakeupChannel: 3
        case .panID: 2
        case .extendedPANID, .meshLocalPrefix, .activeTimestamp, .pendingTimestamp: 8
        case .pskc, .networkKey: 16
        case .delayTimer: 4
        default: nil
        }
    }

    /// The TLVs an active operational dataset must have (as OpenThread's `dataset init new`
    /// writes them, and a border router needs them).
    public static let requiredInActiveDataset: [ThreadTLVType] = [
        .activeTimestamp, .channel, .channelMask, .extendedPANID, .meshLocalPrefix, .networkKey, .networkName, .panID, .pskc,
        .securityPolicy,
    ]
}
