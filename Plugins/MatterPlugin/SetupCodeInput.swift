import CLIKit
import FoundationEssentials
import Matter

/// The setup code a matter command was given: typed as its argument, or read from a photo of the
/// device's QR code with `--qr-image FILE`; checked here, so a bad code never reaches a server.
enum SetupCodeInput {
    /// The `--qr-image FILE` option.
    static let option = OptionSpec.value("qr-image", "FILE", help: "Read the code from a photo (PNG) of the device's QR code instead.")

    /// The code and its payloads; a usage error names what is wrong with it.
    static func read(_ invocation: Invocation) throws -> (code: String, payloads: [SetupPayload]) {
        let typed = try invocation.positionals("CODE (the QR code's text, MT:…, or the manual pairing code), or --qr-image FILE", minimum: 0, maximum: 1)
        let code: String
        switch (typed.first, invocation.arguments.values["qr-image"]) {
        case (let text?, nil): code = text.trimmingSpaces()
        case (nil, let file?): code = try self.code(fromPicture: file)
        case (nil, nil): throw UsageError("give the setup code, or --qr-image FILE with a photo of its QR code")
        case (_?, _?): throw UsageError("give the setup code or --qr-image FILE, not both")
        }
        do {
            return (code, try SetupPayload.parse(code))
        } catch {
            throw UsageError("\(error)")
        }
    }

    /// The Matter setup code of the QR code in the picture at `path`; a usage error says why there is none.
    static func code(fromPicture path: String) throws -> String {
        let url = URL(fileURLWithPath: path)
        // UInt as FoundationEssentials gives it (and Foundation's NSNumber bridges to).
        let size = ((try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? UInt) ?? nil).map { Int($0) }
        guard let size else { throw UsageError("cannot read \(path): no such file") }
        guard size <= QRImageReader.maximumFileSize else { throw UsageError("\(path) is \(size) bytes; pictures of at most \(QRImageReader.maximumFileSize) are read") }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw UsageError("cannot read \(path): \(error)")
        }
        let codes: [String]
        do {
            codes = try QRImageReader.codes(inPNG: Array(data))
        } catch .noCode {
            throw UsageError("\(QRImageError.noCode)")
        } catch {
            throw UsageError("\(path): \(error)")
        }
        guard let code = codes.first(where: { $0.hasPrefix(SetupPayload.qrPrefix) }) else {
            throw UsageError(codes.isEmpty ? "\(QRImageError.noCode)" : "the QR code in \(path) is not a Matter setup code: '\(codes[0].prefix(64))'")
        }
        return code
    }
}
