import Foundation

// Fuzz target `manifest`: plugin manifests as `home` reads them, every problem collected.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifest(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    let (manifest, diagnostics) = PluginManifest.decodeCollecting(bytes, baseDirectory: URL(fileURLWithPath: "/nonexistent"))
    if manifest == nil && diagnostics.isEmpty { fatalError("a manifest was refused without a reason") }
    return 0
}
