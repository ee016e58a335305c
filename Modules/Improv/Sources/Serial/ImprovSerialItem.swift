/// What a serial port carries: Improv packets, and the device's own log lines between them.
public enum ImprovSerialItem: Sendable, Equatable {
    case packet(ImprovPacket)
    case log(String)
    /// Bytes that started like a packet but were not one (bad checksum, unknown type, …): skipped.
    case garbage(ImprovPacketError)
}
