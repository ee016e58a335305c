// Fuzz target `window-bridge`: what a page can post to the window (external-auth requests, bus
// messages, settings requests) and the theme colours it reports. Nothing traps, a callback that
// is accepted is a plain function name, and a colour that is read writes CSS of numbers only.
import Foundation
import HADesignTokens

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWindowBridge(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let text = String(decoding: bytes, as: UTF8.self)
    if let request = try? ExternalAuthRequest(json: text), !ExternalAuthRequest.isIdentifier(request.callback) {
        fatalError("accepted the callback \(request.callback)")
    }
    if let message = try? ExternalBusMessage(json: text), message.type.isEmpty { fatalError("a bus message without a type") }
    _ = try? SettingsAction(json: bytes)
    if let colour = RGBColor(css: text), !colour.css.allSatisfy({ "rgb(), 0123456789".contains($0) }) { fatalError("CSS that is not numbers: \(colour.css)") }
    return 0
}
