import Essentials
import FoundationEssentials
import Networking
import Transport

/// Tells the relay which notifications this machine has (`POST /push/ack`), so it forgets
/// them. Acknowledgements coalesce: while one is on its way, later ids wait and only the newest
/// is sent next, so a backlog of a thousand costs a few requests. One that fails is retried with
/// the next; reconnecting with `Last-Event-ID` acknowledges too.
actor RelayAcknowledger {
    private let url: URL
    private let secret: String
    private let client: HTTPClient
    private let logger: Logger
    private var pending: String?
    private var sending = false

    init(url: URL, secret: String, client: HTTPClient = HTTPClient(connectTimeout: 10, timeout: 15), logger: Logger) {
        self.url = url
        self.secret = secret
        self.client = client
        self.logger = logger
    }

    /// Acknowledges everything up to `id`, soon.
    func acknowledge(_ id: String) {
        pending = id
        guard !sending else { return }
        sending = true
        Task { await sendPending() }
    }

    private func sendPending() async {
        while let id = pending {
            pending = nil
            let body = (try? JSONSerializer.data(.object(["last_id": .string(id)]))) ?? []
            let request = HTTPRequest("POST", url, json: body, headers: [("Authorization", "Bearer \(secret)")])
            do {
                let response = try await client.send(request, maximumBodySize: 4096)
                if response.status != 200 { logger.warning("the relay did not take the acknowledgement (\(response.status)): \(response.bodyText(limit: 200))") }
            } catch {
                logger.warning("cannot acknowledge to the relay (the next reconnect does): \(error)")
            }
        }
        sending = false
    }
}
