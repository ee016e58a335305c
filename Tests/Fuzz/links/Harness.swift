// Fuzz target `links`: notification links (`url`, `clickAction`, an action's `uri`) and
// `homeassistant://` links. Nothing traps; a click never acts on the server; every page is a
// path of the server; every target that reads has a link that reads back to it.
import Foundation

private let server = URL(string: "http://homeassistant.local:8123")!

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLinks(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    if let target = try? LinkTarget(notificationLink: text, server: server) {
        if target.actsOnTheServer { fatalError("a click acts on the server: \(text)") }
        check(target)
    }
    if let target = try? LinkTarget(deepLink: text) { check(target) }
    return 0
}

private func check(_ target: LinkTarget) {
    if case .page(let path, _) = target, !path.hasPrefix("/") || path.hasPrefix("//") { fatalError("a page that is not a path: \(path)") }
    if target.actsOnTheServer, let link = target.deepLink, (try? LinkTarget(deepLink: link)) != target { fatalError("\(link) does not read back as \(target)") }
}
