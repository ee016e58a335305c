import Foundation

/// Improv over a serial port: commands out as RPC packets, states, errors and results in,
/// the device's log lines kept apart (`logLines`), each wait bounded. A port that goes away is
/// opened again once (a device resetting); after that the exchange fails saying so.
public final class ImprovSerialClient: @unchecked Sendable {
    public enum Message: Sendable, Equatable {
        case state(ImprovState)
        case error(ImprovErrorCode)
        case result(ImprovResult)
    }

    private let port: SerialPort
    private var stream = ImprovSerialStream()
    private var pending: [Message] = []
    /// The device's own log lines, as they came (the last 200).
    public private(set) var logLines: [String] = []
    /// Packets skipped as malformed.
    public private(set) var skipped: [ImprovPacketError] = []

    public init(port: SerialPort) {
        self.port = port
    }

    /// Sends a command.
    public func send(_ command: ImprovCommand) throws(ImprovSerialError) {
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
    public func next(timeout: Double) throws(ImprovSerialError) -> Message? {
        let deadline = Date().addingTimeInterval(timeout)
        var reopened = false
        while pending.isEmpty {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return nil }
            let bytes: [UInt8]
            do {
                bytes = try port.read(timeout: min(left, 0.2))
            } catch {
                guard !reopened else { throw .port(error) }
                reopened = true
                Thread.sleep(forTimeInterval: 0.2)
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

    /// The device's current state.
    public func currentState(timeout: Double = 5) throws(ImprovSerialError) -> ImprovState {
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

    /// What the device says about itself.
    public func deviceInfo(timeout: Double = 5) throws(ImprovSerialError) -> ImprovDeviceInfo {
        try send(.deviceInfo)
        let result = try result(for: 0x03, timeout: timeout, what: "the device information request")
        guard let info = result.deviceInfo else { throw .protocolError(.invalid("the device information has \(result.strings.count) strings, not 4 or more")) }
        return info
    }

    /// The Wi-Fi networks the device sees (it answers one result per network, then an empty one).
    public func networks(timeout: Double = 15) throws(ImprovSerialError) -> [ImprovNetwork] {
        try send(.scanNetworks)
        var networks: [ImprovNetwork] = []
        while true {
            let result = try result(for: 0x04, timeout: timeout, what: "the network scan")
            guard !result.strings.isEmpty else { return networks }
            networks += result.networks
        }
    }

    /// Sends Wi-Fi credentials and follows the device until it is provisioned (its redirect URL,
    /// if any) or fails; `progress` hears each state.
    public func provision(ssid: String, password: String, timeout: Double = 60,
                          progress: (ImprovState) -> Void = { _ in }) throws(ImprovSerialError) -> String? {
        try send(.sendWiFi(ssid: ssid, password: password))
        let deadline = Date().addingTimeInterval(timeout)
        var provisioned = false
        while let message = try next(timeout: max(0, deadline.timeIntervalSinceNow)) {
            switch message {
            case .state(let state):
                progress(state)
                if state == .provisioned { provisioned = true }
            case .error(let code) where code != .none: throw .device(code)
            case .result(let result) where result.command == 0x01:
                return result.redirectURL
            default: continue
            }
            // Some firmwares send no result after provisioned; a short wait for one, then done.
            if provisioned, let last = try next(timeout: 2) {
                if case .result(let result) = last, result.command == 0x01 { return result.redirectURL }
                pending.insert(last, at: 0)
                return nil
            } else if provisioned {
                return nil
            }
        }
        throw .noAnswer("the Wi-Fi credentials", seconds: timeout)
    }

    private func result(for command: UInt8, timeout: Double, what: String) throws(ImprovSerialError) -> ImprovResult {
        while let message = try next(timeout: timeout) {
            switch message {
            case .result(let result) where result.command == command: return result
            case .error(let code) where code != .none: throw .device(code)
            default: continue
            }
        }
        throw .noAnswer(what, seconds: timeout)
    }

    private static func message(_ packet: ImprovPacket) -> Message? {
        switch packet.type {
        case .currentState: return packet.payload.first.flatMap(ImprovState.init(rawValue:)).map(Message.state)
        case .errorState: return packet.payload.first.map { .error(ImprovErrorCode($0)) }
        case .rpcResult: return (try? ImprovResult(frame: packet.payload, checksum: false)).map(Message.result)
        case .rpcCommand: return nil
        }
    }
}
