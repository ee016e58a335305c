/// How to reach and log in to the broker, and what it announces if this client dies.
public struct MQTTSettings: Sendable {
    public let broker: MQTTBroker
    /// One per machine, so the broker keeps this client's session (its subscriptions and the QoS 1
    /// messages sent while it was away) from one connection to the next.
    public let clientID: String
    public let username: String?
    public let password: String?
    /// A CA file for mqtts:// instead of the system's certificates.
    public let caFile: String?
    /// Published by the broker when the connection ends without a disconnect (the last will).
    public let will: MQTTMessage?
    public let keepAlive: Int32

    public init(
        broker: MQTTBroker, clientID: String, username: String? = nil, password: String? = nil, caFile: String? = nil, will: MQTTMessage? = nil,
        keepAlive: Int32 = 30
    ) {
        self.broker = broker
        self.clientID = clientID
        self.username = username
        self.password = password
        self.caFile = caFile
        self.will = will
        self.keepAlive = keepAlive
    }
}
