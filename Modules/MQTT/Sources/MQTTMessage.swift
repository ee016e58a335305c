/// A message to or from the broker.
public struct MQTTMessage: Sendable, Equatable {
    public let topic: String
    public let payload: [UInt8]
    /// 0, 1 or 2.
    public let qos: Int32
    public let retain: Bool

    public init(topic: String, payload: [UInt8], qos: Int32 = 1, retain: Bool = false) {
        self.topic = topic
        self.payload = payload
        self.qos = qos
        self.retain = retain
    }

    public init(topic: String, text: String, qos: Int32 = 1, retain: Bool = false) {
        self.init(topic: topic, payload: Array(text.utf8), qos: qos, retain: retain)
    }

    /// The payload as UTF-8 text, nil when it is not.
    public var text: String? { String(validating: payload, as: UTF8.self) }
}
