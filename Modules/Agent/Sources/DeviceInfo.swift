import CSodium
import Essentials
import FoundationEssentials

/// What the agent tells Home Assistant about this machine: a stable device id (the machine id
/// hashed with the app id, so the raw machine id never leaves), host name, manufacturer and
/// model from DMI where readable, and the OS name and version from os-release.
public struct DeviceInfo: Sendable, Equatable {
    public let deviceID: String
    public let deviceName: String
    public let manufacturer: String
    public let model: String
    public let osName: String
    public let osVersion: String

    public init(deviceID: String, deviceName: String, manufacturer: String, model: String, osName: String, osVersion: String) {
        self.deviceID = deviceID
        self.deviceName = deviceName
        self.manufacturer = manufacturer
        self.model = model
        self.osName = osName
        self.osVersion = osVersion
    }

    /// Reads this machine, under `root` (a test can point it at a folder of its own).
    public static func read(appID: String, root: URL = URL(fileURLWithPath: "/")) -> DeviceInfo {
        func file(_ path: String) -> String? {
            (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8))?
                .trimmingWhitespace().nilIfEmpty
        }
        let release = OSRelease(file("etc/os-release") ?? file("usr/lib/os-release") ?? "")
        let machine = file("etc/machine-id") ?? ProcessInfo.processInfo.hostName
        return DeviceInfo(
            deviceID: appSpecificID(machine: machine, appID: appID),
            deviceName: file("etc/hostname") ?? ProcessInfo.processInfo.hostName,
            manufacturer: file("sys/class/dmi/id/sys_vendor") ?? "Unknown",
            model: file("sys/class/dmi/id/product_name") ?? "Linux computer",
            osName: release.name, osVersion: release.version
        )
    }

    /// HMAC-SHA256 of the app id keyed with the machine id, as 32 hex characters.
    static func appSpecificID(machine: String, appID: String) -> String {
        _ = sodium_init()
        var key = [UInt8](repeating: 0, count: Int(crypto_auth_hmacsha256_KEYBYTES))
        let machineBytes = Array(machine.utf8)
        for (index, byte) in machineBytes.prefix(key.count).enumerated() { key[index] = byte }
        var digest = [UInt8](repeating: 0, count: Int(crypto_auth_hmacsha256_BYTES))
        let message = Array(appID.utf8)
        _ = crypto_auth_hmacsha256(&digest, message, UInt64(message.count), key)
        return Hex.encode(digest.prefix(16))
    }
}
