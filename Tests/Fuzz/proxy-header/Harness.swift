// Fuzz target `proxy-header`: the first bytes of a connection from a trusted proxy, as the
// relay reads its PROXY protocol header. A complete header is within the input and the limit,
// and reads the same whatever follows it; every shorter prefix of it waits for more; the parser
// decides (complete or invalid) by the limit; a named client is an IP address.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProxyHeader(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let result = ProxyHeader.parse(bytes)
    switch result {
    case .complete(let length, _):
        if length > bytes.count || length > ProxyHeader.maximumLength || length < 15 {
            fatalError("a header of \(length) bytes in \(bytes.count), limit \(ProxyHeader.maximumLength)")
        }
        if ProxyHeader.parse(bytes.prefix(length)) != result { fatalError("what follows the header changed it") }
        for cut in [0, 1, length / 2, length - 1] where ProxyHeader.parse(bytes.prefix(cut)) != .incomplete {
            fatalError("\(cut) bytes of a \(length)-byte header did not wait for more: \(ProxyHeader.parse(bytes.prefix(cut)))")
        }
    case .incomplete:
        if bytes.count >= ProxyHeader.maximumLength { fatalError("\(bytes.count) bytes and still waiting") }
    case .invalid(let reason):
        if reason.isEmpty { fatalError("a refusal without a reason") }
    }
    return 0
}
