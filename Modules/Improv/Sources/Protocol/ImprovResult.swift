/// An RPC result: the command it answers and its strings (length-prefixed on the wire).
public struct ImprovResult: Sendable, Equatable {
    public let command: UInt8
    public let strings: [String]

    public init(command: UInt8, strings: [String]) {
        self.command = command
        self.strings = strings
    }

    /// Decodes `[command][length][len, string]…` (and, with `checksum`, the BLE checksum after it).
    public init(frame: [UInt8], checksum: Bool) throws(ImprovProtocolError) {
        guard frame.count >= 2 else { throw .truncated(what: "the RPC result", needed: 2, available: frame.count) }
        let length = Int(frame[1])
        let needed = 2 + length + (checksum ? 1 : 0)
        guard frame.count >= needed else { throw .truncated(what: "the RPC result", needed: needed, available: frame.count) }
        if checksum {
            let expected = frame[0..<2 + length].reduce(0) { $0 &+ $1 }
            guard frame[2 + length] == expected else { throw .checksumMismatch(expected: expected, found: frame[2 + length]) }
        }
        var strings: [String] = []
        var offset = 2
        while offset < 2 + length {
            let size = Int(frame[offset])
            guard offset + 1 + size <= 2 + length else {
                throw .truncated(what: "string \(strings.count + 1) of the RPC result", needed: offset + 1 + size, available: 2 + length)
            }
            guard let text = String(validating: frame[offset + 1..<offset + 1 + size], as: UTF8.self) else {
                throw .invalid("string \(strings.count + 1) of the RPC result is not UTF-8")
            }
            strings.append(text)
            offset += 1 + size
        }
        command = frame[0]
        self.strings = strings
    }

    /// The frame, for devices and simulators (and tests).
    public func frame(checksum: Bool) throws(ImprovProtocolError) -> [UInt8] {
        var data: [UInt8] = []
        for string in strings {
            let bytes = Array(string.utf8)
            guard bytes.count <= 255 else { throw .tooLong(what: "a result string", bytes: bytes.count, limit: 255) }
            data += [UInt8(bytes.count)] + bytes
        }
        guard data.count <= 255 else { throw .tooLong(what: "the RPC result", bytes: data.count, limit: 255) }
        let bytes = [command, UInt8(data.count)] + data
        return checksum ? bytes + [bytes.reduce(0) { $0 &+ $1 }] : bytes
    }

    /// A Wi-Fi result's redirect URL (where to finish setting the device up), if it gave one.
    public var redirectURL: String? { command == 0x01 ? strings.first.flatMap { $0.isEmpty ? nil : $0 } : nil }

    /// A device information result: firmware name, version, chip family, device name (and OS name and version).
    public var deviceInfo: ImprovDeviceInfo? {
        guard command == 0x03, strings.count >= 4 else { return nil }
        return ImprovDeviceInfo(firmware: strings[0], version: strings[1], hardware: strings[2], name: strings[3],
                                osName: strings.count > 4 ? strings[4] : nil, osVersion: strings.count > 5 ? strings[5] : nil)
    }

    /// A scan result's networks (SSID, RSSI, auth, three strings each; serial sends one per
    /// result, BLE may send several); empty for the empty result that ends a scan.
    public var networks: [ImprovNetwork] {
        guard command == 0x04 else { return [] }
        return stride(from: 0, to: strings.count - strings.count % 3, by: 3).compactMap { index in
            Int(strings[index + 1]).map { ImprovNetwork(ssid: strings[index], rssi: $0, auth: strings[index + 2]) }
        }
    }
}
