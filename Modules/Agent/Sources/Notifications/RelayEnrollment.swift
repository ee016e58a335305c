import Essentials
import FoundationEssentials
import Networking
import Transport

/// Registers this machine with a push relay (`POST /push/register`), which issues its push token
/// and stream secret; with the relay's registration key when the operator requires one.
public struct RelayEnrollment: Sendable {
    let client: HTTPClient

    public init(client: HTTPClient = HTTPClient()) {
        self.client = client
    }

    public func register(pushURL: String, key: String?) async throws -> RelayCredentials {
        guard let url = RelayCredentials.endpoint("/push/register", besides: pushURL) else {
            throw RelayEnrollmentError("\(pushURL) is not a push relay's /push/send URL")
        }
        let headers = key.map { [(name: "Authorization", value: "Bearer \($0)")] } ?? []
        let response = try await client.send(HTTPRequest("POST", url, json: Array("{}".utf8), headers: headers), maximumBodySize: 16 << 10)
        let answer = (try? JSONParser.parse(response.body))?.objectValue ?? [:]
        guard response.status == 201, let token = answer["push_token"]?.stringValue, let secret = answer["stream_secret"]?.stringValue else {
            let reason = answer["message"]?.stringValue ?? response.bodyText(limit: 200)
            throw RelayEnrollmentError("the relay refused to register this machine (\(response.status)): \(reason)")
        }
        return RelayCredentials(pushURL: pushURL, pushToken: token, streamSecret: secret)
    }

    /// Tells the relay to forget this machine (`DELETE /push/register` with the stream secret):
    /// its registration and whatever waits for it.
    public func unregister(_ credentials: RelayCredentials) async throws {
        guard let url = RelayCredentials.endpoint("/push/register", besides: credentials.pushURL) else { return }
        let request = HTTPRequest("DELETE", url, headers: [("Authorization", "Bearer \(credentials.streamSecret)")])
        let response = try await client.send(request, maximumBodySize: 16 << 10)
        // 401: the relay does not know the secret (any more); nothing is left to forget.
        guard response.status == 200 || response.status == 401 else {
            throw RelayEnrollmentError("the relay did not unregister this machine (\(response.status)): \(response.bodyText(limit: 200))")
        }
    }
}
