import CLIKit
import DeviceModel
import DevicesContract
import Essentials
import FoundationEssentials
import SessionContract
import SessionCommandKit

/// `home automations create FILE`: a typed draft (see the DeviceModel README), checked against
/// the devices before it is saved; or a configuration in Home Assistant's own form (such as
/// `show --json` prints, with `trigger` and `action`), saved byte for byte under `--id` or its
/// own `id` once the parts the model covers are checked.
struct AutomationCreateCommand: Command {
    /// The largest file read.
    static let maximumFileSize = 1 << 20

    let access: any DeviceModelAccess
    let name = "create"
    let summary = "Create an automation from FILE ('-': standard input): a typed draft, or Home Assistant's form as show --json prints it."
    let arguments = "FILE"
    let options: [OptionSpec] = [
        .value("id", "ID", help: "The id for a configuration in Home Assistant's form (default: its own id; replaces one with that id)."),
        .server, .token, .json,
    ]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let path = try invocation.positionals("a FILE", minimum: 1, maximum: 1)[0]
        let bytes = try read(path, invocation.console)
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            throw UsageError("\(path) is not JSON: \(error)")
        }
        let fields = value.objectValue ?? [:]
        let native = fields["trigger"] != nil || fields["action"] != nil
        let draft = native ? nil : try await DeviceModelError.asUsage { try AutomationDraft(file: value) }
        let id = invocation.arguments.values["id"] ?? fields["id"]?.stringValue
        if native && id == nil { throw UsageError("a configuration in Home Assistant's form needs an \"id\" or --id ID") }
        let opened = try await access.open(try invocation.serverSelection(), strict: nil)
        let automation: Automation
        do {
            automation = try await DeviceModelError.asUsage {
                if let draft { return try await opened.automations.create(draft) }
                return try await opened.automations.save(configuration: bytes, id: id ?? "")
            }
        } catch {
            await opened.close()
            throw error
        }
        await opened.close()
        try invocation.report(
            ["saved \(automation.alias) as \(automation.entityID) (id \(automation.id ?? "?"), \(automation.isEnabled ? "on" : "off"))"],
            json: AutomationJSONView.summary(automation)
        )
        return .success
    }

    private func read(_ path: String, _ console: Console) throws -> [UInt8] {
        if path == "-" {
            var bytes: [UInt8] = []
            while let line = console.readLine() {
                bytes += Array(line.utf8) + [10]
                guard bytes.count <= Self.maximumFileSize else { throw UsageError("standard input holds more than \(Self.maximumFileSize) bytes") }
            }
            return bytes
        }
        guard let bytes = FilePrefix.read(path, limit: Self.maximumFileSize + 1) else { throw UsageError("cannot read \(path)") }
        guard bytes.count <= Self.maximumFileSize else { throw UsageError("\(path) holds more than \(Self.maximumFileSize) bytes") }
        return bytes
    }
}
