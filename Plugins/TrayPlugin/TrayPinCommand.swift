import CLIKit
import Essentials
import SessionCommandKit
import Tray

/// `home tray pin ENTITY` / `home tray unpin ENTITY`.
struct TrayPinCommand: Command {
    let services: TrayServices
    let pin: Bool
    var name: String { pin ? "pin" : "unpin" }
    var summary: String { pin ? "Pin ENTITY to the tray as a quick action." : "Take ENTITY off the tray." }
    let arguments = "ENTITY"
    let options: [OptionSpec] = [.server, .json]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let entity = try invocation.positionals("ENTITY", minimum: 1, maximum: 1)[0]
        let home = try await services.session.restore(server: invocation.server)
        let pins = TrayPins(folder: home.folders.data)
        do {
            if pin { try pins.pin(entity) } else { try pins.unpin(entity) }
        } catch let error as TrayPinError {
            throw UsageError("\(error)")
        }
        let now = try pins.list()
        try invocation.report(["\(pin ? "pinned" : "unpinned") \(entity); the tray shows \(now.isEmpty ? "no quick actions" : now.joined(separator: ", "))"], json: ["pins": .array(now.map(JSONValue.string))])
        return .success
    }
}
