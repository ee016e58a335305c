// Fuzz target `thread-tlv`: the operational dataset decoder (MeshCoP TLVs), on bytes and on the
// same bytes as hex text. A dataset that decodes encodes to exactly the bytes it came from, and
// every typed reader answers without trapping.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzThreadTLV(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? OperationalDataset(hex: String(decoding: bytes, as: UTF8.self))
    guard let dataset = try? OperationalDataset(bytes: bytes) else { return 0 }
    if dataset.bytes != bytes { fatalError("a decoded dataset encodes to other bytes") }
    guard let again = try? OperationalDataset(hex: dataset.hex), again == dataset else { fatalError("its hex does not decode to it") }
    _ = (dataset.channel, dataset.panID, dataset.extendedPANID, dataset.networkName, dataset.meshLocalPrefixText, dataset.delayTimer)
    _ = (dataset.activeTimestamp?.bytes, dataset.pendingTimestamp, dataset.channelMask?.map(\.channels), dataset.otherRecords)
    if let policy = dataset.securityPolicy {
        _ = (policy.rotationHours, policy.obtainNetworkKey, policy.commercialCommissioning, policy.toBLELink, policy.versionThreshold)
    }
    _ = try? dataset.requireActive()
    return 0
}
