import CLIKit
import Essentials
import Matter

/// `home matter parse CODE [--json]`: the fields of a QR code's text (`MT:…`, one or several
/// payloads) or a manual pairing code, and the manual code derived from it; a code that is not
/// valid is refused with the field that is wrong.
struct MatterParseCommand: Command {
    let name = "parse"
    let summary = "Show the fields of a Matter setup code: MT:… from the QR code, or the 11 or 21 digit manual pairing code."
    let arguments = "[CODE]"
    let options: [OptionSpec] = [SetupCodeInput.option, .json]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let payloads = try SetupCodeInput.read(invocation).payloads
        let console = invocation.console
        if invocation.arguments.has("json") {
            let objects = payloads.map { JSONValue.object(Self.fields($0)) }
            try console.printJSON(objects.count == 1 ? objects[0] : .array(objects))
            return .success
        }
        for (index, payload) in payloads.enumerated() {
            if payloads.count > 1 { console.print("\(index == 0 ? "" : "\n")payload \(index + 1) of \(payloads.count)") }
            console.print("version              \(payload.version)")
            console.print("vendor id            \(payload.vendorID) (0x\(String(payload.vendorID, radix: 16, uppercase: true)))")
            console.print("product id           \(payload.productID) (0x\(String(payload.productID, radix: 16, uppercase: true)))")
            console.print("flow                 \(payload.flow.rawValue) (\(payload.flow.name))")
            console.print("discovery            \(payload.discovery.map { "\($0.rawValue) (\($0.names.isEmpty ? "none said" : $0.names.joined(separator: ", ")))" } ?? "not in a manual code")")
            console.print("discriminator        \(payload.discriminator.map { "\($0)" } ?? "not in a manual code (only its top four bits)")")
            console.print("short discriminator  \(payload.shortDiscriminator)")
            console.print("passcode             \(payload.passcode)")
            if let serial = payload.serialNumber { console.print("serial number        \(serial)") }
            for (tag, value) in payload.optionalData.sorted(by: { $0.key < $1.key }) where tag != MatterOptionalData.serialNumberTag {
                console.print("optional data \(tag)     \(value.text)")
            }
            console.print("manual code          \(payload.manualCode)")
            if let qrCode = payload.qrCode { console.print("QR code              \(qrCode)") }
        }
        return .success
    }

    private static func fields(_ payload: SetupPayload) -> [String: JSONValue] {
        var fields: [String: JSONValue] = [
            "version": .integer(Int64(payload.version)),
            "vendor_id": .integer(Int64(payload.vendorID)),
            "product_id": .integer(Int64(payload.productID)),
            "flow": .integer(Int64(payload.flow.rawValue)),
            "discovery": payload.discovery.map { .integer(Int64($0.rawValue)) } ?? .null,
            "discriminator": payload.discriminator.map { .integer(Int64($0)) } ?? .null,
            "short_discriminator": .integer(Int64(payload.shortDiscriminator)),
            "passcode": .integer(Int64(payload.passcode)),
            "manual_code": .string(payload.manualCode),
        ]
        if let qrCode = payload.qrCode { fields["qr_code"] = .string(qrCode) }
        if let serial = payload.serialNumber { fields["serial_number"] = .string(serial) }
        return fields
    }
}
