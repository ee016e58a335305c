import Foundation

/// tools/bluez-standin.py on a private bus as org.bluez (one adapter and the Improv devices
/// given as modes), with the process's system bus pointed at it while it runs.
final class BlueZStandIn: Sendable {
    private let standIn: BusStandIn

    init(devices: [String]) throws {
        standIn = try BusStandIn("tools/bluez-standin.py", devices)
        setenv("DBUS_SYSTEM_BUS_ADDRESS", standIn.bus.address, 1)
    }

    /// What the stand-in printed about the calls it got, so far.
    var log: [String] { standIn.log }

    /// The log once a line satisfies `wanted`, or as it is after `timeout` seconds.
    func log(once wanted: (String) -> Bool, timeout: Double = 5) -> [String] {
        standIn.log(once: wanted, timeout: timeout)
    }

    func stop() {
        unsetenv("DBUS_SYSTEM_BUS_ADDRESS")
        standIn.stop()
    }
}
