import AgentContract
import CLIKit
import Essentials
import HomePluginKit
import SessionContract
import SessionCommandKit

/// `home tag scan ID`: sends `scan_tag` with the tag's id through the device's webhook.
struct TagScanCommand: Command {
    let name = "scan"
    let summary = "Tell the server this device scanned tag ID (queued until delivered)."
    /// The longest tag id taken (NFC tag ids Home Assistant writes are UUIDs).
    static let maximumIDBytes = 256
    let webhook: any AgentWebhook
    let arguments = "ID"
    let options: [OptionSpec] = [.server, .json]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let id = try invocation.positionals("a tag ID", minimum: 1, maximum: 1)[0]
        guard !id.isEmpty, id.utf8.count <= Self.maximumIDBytes, !id.contains(where: \.isNewline) else {
            throw UsageError("a tag ID is one line of 1 to \(Self.maximumIDBytes) bytes")
        }
        let outcome = try await webhook.queueAndSend("scan_tag", .object(["tag_id": .string(id)]), server: invocation.server)
        try invocation.report(["scanned tag \(id): \(outcome)"], json: ["tag": .string(id), "outcome": .string(outcome)])
        return .success
    }
}
