import CLIKit
import HomePluginKit

/// `home weather`: what the station reads outside.
struct WeatherCommand: PluginCommand {
    static let commandName = "weather"
    static let commandSummary = "Show the weather station's outdoor temperature."
    let city: String

    func run(_ invocation: Invocation) async throws -> ExitCode {
        _ = try invocation.positionals("no arguments", minimum: 0, maximum: 0)
        invocation.console.print("\(city): \(OutdoorTemperatureSensor.reading) °C")
        return .success
    }
}
