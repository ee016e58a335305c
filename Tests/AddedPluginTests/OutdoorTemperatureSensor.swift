import Agent
import Essentials
import Foundation

/// The station's one sensor, with a fixed reading.
struct OutdoorTemperatureSensor: LinuxSensor {
    static let reading = 21.5

    let definition = SensorDefinition(
        uniqueID: "outdoor_temperature", name: "Outdoor temperature", deviceClass: "temperature", stateClass: "measurement", unit: "°C",
        icon: "mdi:thermometer"
    )

    func read(root: URL) -> JSONValue? {
        .double(Self.reading)
    }
}
