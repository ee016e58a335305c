import Agent
import CLIKit
import HomePluginKit
import SessionContract
import SessionCommandKit

/// `home agent location [LATITUDE LONGITUDE [ACCURACY]]`: reports where this machine is, for its
/// device tracker: the place given, else what the location source says (the location plugin:
/// GeoClue, or a fixed place).
struct AgentLocationCommand: Command {
    let name = "location"
    let summary = "Report this machine's location for its device tracker: the place given (degrees, accuracy in metres), else the location source's."
    let services: AgentServices
    let arguments = "[LATITUDE LONGITUDE [ACCURACY]]"
    let options: [OptionSpec] = [.server, .json]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let words = try invocation.positionals("LATITUDE and LONGITUDE", minimum: 0, maximum: 3)
        let fix = words.isEmpty ? try await located() : try given(words)
        let session = try await AgentSession(invocation, services: services)
        let result = try await session.queueAndSend("update_location", .object(fix.webhookData))
        try invocation.report(
            ["location \(fix.latitude), \(fix.longitude) (±\(Int(fix.accuracy)) m): \(result)"],
            json: ["latitude": .double(fix.latitude), "longitude": .double(fix.longitude), "accuracy": .double(fix.accuracy), "outcome": .string(result)]
        )
        return .success
    }

    private func located() async throws -> LocationFix {
        guard let source = services.locationSources.first else {
            throw UsageError("no location source plugin is enabled (the location plugin: GeoClue or a fixed place); give LATITUDE LONGITUDE")
        }
        return try await source.locate()
    }

    private func given(_ words: [String]) throws -> LocationFix {
        guard words.count >= 2 else { throw UsageError("give LATITUDE and LONGITUDE, or nothing for the location source's place") }
        guard let latitude = Double(words[0]), (-90...90).contains(latitude), let longitude = Double(words[1]), (-180...180).contains(longitude) else {
            throw UsageError("LATITUDE must be in -90…90 and LONGITUDE in -180…180 degrees")
        }
        var accuracy = 50.0
        if words.count == 3 {
            guard let metres = Double(words[2]), metres >= 0 else { throw UsageError("ACCURACY must be metres, 0 or more") }
            accuracy = metres
        }
        return LocationFix(latitude: latitude, longitude: longitude, accuracy: accuracy)
    }
}
