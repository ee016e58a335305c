// Fuzz target `relay-request`: `POST /push/send` bodies as the relay reads them, then the device
// payload and the APNs request made from an accepted one. A refusal is a 4xx; an accepted push
// token follows the token rules; the bytes a stream delivers, written straight from the fields,
// are the serialized payload, and a refusal of one is the refusal of the other. A body the relay
// reads straight from its bytes (`StreamedPushBody`) is one the full parse accepts, with the same
// token, app and stream bytes.
import Essentials

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRelayRequest(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let body = Array(UnsafeBufferPointer(start: data, count: size))
    let plain = StreamedPushBody(body)
    do {
        let push = try PushSendRequest(body: body)
        do {
            try PushTokenRules.check(push.pushToken)
        } catch {
            fatalError("an accepted push token breaks the rules: \(error)")
        }
        let streamed = Result { try PayloadConverter.streamedBytes(push.notification) }
        let serialized = Result { try JSONSerializer.data(PayloadConverter.convert(push.notification)) }
        switch (streamed, serialized) {
        case (.success(let bytes), .success(let expected)) where bytes == expected: break
        case (.failure(let refusal), .failure(let expected)) where "\(refusal)" == "\(expected)": break
        default: fatalError("a stream's bytes differ from the serialized payload: \(streamed) against \(serialized)")
        }
        if let plain {
            guard plain.pushToken == push.pushToken, plain.appID == push.appID, case .success(let bytes) = streamed, bytes == plain.payload else {
                fatalError("the body read from its bytes differs from the body parsed whole: \(plain) against \(push), \(streamed)")
            }
        }
        let payload = try PayloadConverter.convert(push.notification)
        _ = try? APNsRequest(payload)
    } catch let error as RelayRequestError {
        if !(400..<500).contains(error.status) { fatalError("a bad body answered \(error.status)") }
        if let plain { fatalError("a body read from its bytes is refused when parsed whole (\(error)): \(plain)") }
    } catch {
        fatalError("a bad body failed without a status: \(error)")
    }
    return 0
}
