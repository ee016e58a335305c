import Essentials
import FoundationEssentials
import Glibc

/// Improv over a serial port: commands out as RPC packets, states, errors and results in,
/// the device's log lines kept apart (`logLines`), each wait bounded. A port that goes away is
/// opened again once (a device resetting); after that the exchange fails saying so.
public final class ImprovSerialClient: ImprovChannel, @unchecked Sendable {
    private let port: SerialPort
    private var stream = ImprovSerialStream()
    private var pending: [ImprovMessage] = []
    /// The device's own log lines, as they came (the last 200).
    public private(set) var logLines: [String] = []
    /// Packets skipped as malformed.
    public private(set) var skipped: [ImprovPacketError] = []

    public init(port: SerialPort) {
        self.port = port
    }

    /// Sends a command.
    public func send(_ command: ImprovCommand) throws(ImprovError) {
        do {
            let packet = try ImprovPacket(type: .rpcCommand, payload: try command.frame(checksum: false))
            try port.write(packet.encoded)
        } catch let error as ImprovProtocolError {
            throw .protocolError(error)
        } catch let error as SerialPortError {
            throw .port(error)
        } catch {
            throw .protocolError(.invalid("\(error)"))
        }
    }

    /// The next message within `timeout` seconds, or nil.
    public func next(timeout: Double) throws(ImprovError) -> ImprovMessage? {
        let deadline = Deadline(in: timeout)
        var reopened = false
        while pending.isEmpty {
            let left = deadline.remaining
            guard left > 0 else { return nil }
            let bytes: [UInt8]
            do {
                bytes = try port.read(timeout: min(left, 0.2))
            } catch {
                guard !reopened else { throw .port(error) }
                reopened = true
                usleep(200_000)
                do {
                    try port.reopen()
                } catch {
                    throw .port(.gone(port.path, "it closed and could not be opened again (\(error))"))
                }
                continue
            }
            for item in stream.feed(bytes) {
                switch item {
                case .log(let line):
                    logLines.append(line)
                    if logLines.count > 200 { logLines.removeFirst() }
                case .garbage(let error): skipped.append(error)
                case .packet(let packet): if let message = Self.message(packet) { pending.append(message) }
                }
            }
        }
        return pending.removeFirst()
    }

    public func putBack(_ message: ImprovMessage) {
        pending.insert(message, at: 0)
    }

    /// The device's current state.
    public func currentState(timeout: Double = 5) throws(ImprovError) -> ImprovState {
        try send(.requestState)
        while let message = try next(timeout: timeout) {
            switch message {
            case .state(let state): return state
            case .error(let code) where code != .none: throw .device(code)
            default: continue
            }
        }
        throw .noAnswer("the state request", seconds: timeout)
    }

    private static func message(_ packet: ImprovPacket) -> ImprovMessage? {
        switch packet.type {
        case .currentState: return packet.payload.first.flatMap(ImprovState.init(rawValue:)).map(ImprovMessage.state)
        case .errorState: return packet.payload.first.map { .error(ImprovErrorCode($0)) }
        case .rpcResult: return (try? ImprovResult(frame: packet.payload, checksum: false)).map(ImprovMessage.result)
        case .rpcCommand: return nil
        }
    }
}
