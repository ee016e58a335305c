import Foundation
import LoopbackTestSupport

extension RelayProcess {
    /// Registers a device with the relay; its push token and stream secret.
    func register() async throws -> (token: String, secret: String) {
        let answer = try await HTTPExchange.send("POST", url("/push/register"), json: [:])
        let object = try answer.object()
        guard answer.status == 201, let token = object["push_token"] as? String, let secret = object["stream_secret"] as? String else {
            throw HTTPExchangeError(message: "the relay did not register a device: \(answer.status) \(object)")
        }
        return (token, secret)
    }

    func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }
}
