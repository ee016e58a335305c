// Fuzz target `relay-request`: `POST /push/send` bodies as the relay reads them, then the device
// payload and the APNs request made from an accepted one. A refusal is a 4xx; an accepted push
// token follows the token rules.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRelayRequest(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let body = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        let push = try PushSendRequest(body: body)
        do {
            try PushTokenRules.check(push.pushToken)
        } catch {
            fatalError("an accepted push token breaks the rules: \(error)")
        }
        let payload = try PayloadConverter.convert(push.notification)
        _ = try? APNsRequest(payload)
    } catch let error as RelayRequestError {
        if !(400..<500).contains(error.status) { fatalError("a bad body answered \(error.status)") }
    } catch {
        fatalError("a bad body failed without a status: \(error)")
    }
    return 0
}
