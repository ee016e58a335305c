/// A connection to one Improv device (a serial port, or a BLE device through BlueZ): commands
/// out, messages in, each wait bounded. The flow (device information, networks, provisioning)
/// is the same over both and lives in the extension.
public protocol ImprovChannel: AnyObject {
    /// Sends a command.
    func send(_ command: ImprovCommand) throws(ImprovError)
    /// The next message within `timeout` seconds, or nil.
    func next(timeout: Double) throws(ImprovError) -> ImprovMessage?
    /// Puts a message back to be the next one read.
    func putBack(_ message: ImprovMessage)
}

extension ImprovChannel {
    /// What the device says about itself.
    public func deviceInfo(timeout: Double = 5) throws(ImprovError) -> ImprovDeviceInfo {
        try send(.deviceInfo)
        let result = try result(for: 0x03, timeout: timeout, what: "the device information request")
        guard let info = result.deviceInfo else { throw .protocolError(.invalid("the device information has \(result.strings.count) strings, not 4 or more")) }
        return info
    }

    /// The Wi-Fi networks the device sees (results of one or more networks, then an empty one).
    public func networks(timeout: Double = 15) throws(ImprovError) -> [ImprovNetwork] {
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
                          progress: (ImprovState) -> Void = { _ in }) throws(ImprovError) -> String? {
        try send(.sendWiFi(ssid: ssid, password: password))
        let deadline = ContinuousClock.now + .seconds(timeout)
        var provisioned = false
        while let message = try next(timeout: Self.secondsLeft(until: deadline)) {
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
                putBack(last)
                return nil
            } else if provisioned {
                return nil
            }
        }
        throw .noAnswer("the Wi-Fi credentials", seconds: timeout)
    }

    func result(for command: UInt8, timeout: Double, what: String) throws(ImprovError) -> ImprovResult {
        while let message = try next(timeout: timeout) {
            switch message {
            case .result(let result) where result.command == command: return result
            case .error(let code) where code != .none: throw .device(code)
            default: continue
            }
        }
        throw .noAnswer(what, seconds: timeout)
    }

    static func secondsLeft(until deadline: ContinuousClock.Instant) -> Double {
        let left = deadline - ContinuousClock.now
        return max(0, Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18)
    }
}
