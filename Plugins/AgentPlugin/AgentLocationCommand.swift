import CLIKit
import HomePluginKit
import SessionPlugin

/// `home agent location LATITUDE LONGITUDE [ACCURACY]`: reports where this machine is, for its
/// device tracker (Linux has no location of its own to read).
struct AgentLocationCommand: Command {
    let name = "location"
    let summary = "Report this machine's location (degrees, accuracy in metres) for its device tracker."
    let services: AgentServices
    let arguments = "LATITUDE LONGITUDE [ACCURACY]"
    let options: [OptionSpec] = [.server]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let words = try invocation.positionals("LATITUDE and LONGITUDE", minimum: 2, maximum: 3)
        guard let latitude = Double(words[0]), (-90...90).contains(latitude), let longitude = Double(words[1]), (-180...180).contains(longitude) else {
            throw UsageError("LATITUDE must be in -90…90 and LONGITUDE in -180…180 degrees")
        }
        var accuracy = 50.0
        if words.count == 3 {
            guard let metres = Double(words[2]), metres >= 0 else { throw UsageError("ACCURACY must be metres, 0 or more") }
            accuracy = metres
        }
        let session = try await AgentSession(invocation, services: services)
        let result = try await session.queueAndSend("update_location", .object([
            "gps": .array([.double(latitude), .double(longitude)]), "gps_accuracy": .integer(Int64(accuracy.rounded())),
        ]))
        invocation.console.print("location \(latitude), \(longitude) (±\(Int(accuracy)) m): \(result)")
        return .success
    }
}
