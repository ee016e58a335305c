import Essentials
import FoundationEssentials
import Networking
import Transport

/// An OpenThread Border Router through its REST API (ot-br-posix's `otbr-rest`, as Home
/// Assistant's `otbr` integration talks to it): the active and pending datasets in hex or JSON,
/// the border agent id, the extended address, the node on or off, and a channel migration
/// through a pending dataset.
public struct BorderRouterClient: Sendable {
    /// The largest answer read (a dataset is at most 254 bytes; node information is small).
    static let maximumAnswer = 64 << 10
    /// How long a migration waits by default before the pending dataset becomes active (ms), as
    /// Home Assistant's client does: five minutes, for sleepy devices to hear it.
    public static let defaultMigrationDelay: UInt32 = 300_000

    let baseURL: URL
    let http: HTTPClient

    /// A client of the router at `url` (such as `http://192.168.1.20:8081`).
    public init(url: String, http: HTTPClient = HTTPClient(connectTimeout: 5, timeout: 10)) throws(BorderRouterError) {
        guard let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme), parsed.host != nil else {
            throw BorderRouterError("'\(url)' is not an http(s) URL of a border router (such as http://192.168.1.20:8081)")
        }
        baseURL = parsed
        self.http = http
    }

    /// The active dataset, nil when the router has none.
    public func activeDataset() async throws -> OperationalDataset? { try await dataset("active") }

    /// The pending dataset, nil when there is none.
    public func pendingDataset() async throws -> OperationalDataset? { try await dataset("pending") }

    /// The active dataset in the router's JSON form, nil when it has none.
    public func activeDatasetJSON() async throws -> JSONValue? { try await datasetJSON("active") }

    /// The pending dataset in the router's JSON form, nil when there is none.
    public func pendingDatasetJSON() async throws -> JSONValue? { try await datasetJSON("pending") }

    /// Replaces the active dataset (the router must be disabled first: it answers 409 otherwise).
    public func setActiveDataset(_ dataset: OperationalDataset) async throws {
        try dataset.requireActive()
        try await put("/node/dataset/active", Array(dataset.hex.utf8), contentType: "text/plain", what: "setting the active dataset")
    }

    /// Replaces the active dataset with one in the router's JSON form.
    public func setActiveDatasetJSON(_ value: JSONValue) async throws {
        try await put("/node/dataset/active", try JSONSerializer.data(value), contentType: "application/json", what: "setting the active dataset")
    }

    /// Sets the pending dataset: it becomes active after its delay timer.
    public func setPendingDataset(_ dataset: OperationalDataset) async throws {
        guard dataset.pendingTimestamp != nil, dataset.delayTimer != nil else {
            throw BorderRouterError("a pending dataset needs a pending timestamp and a delay timer")
        }
        try await put("/node/dataset/pending", Array(dataset.hex.utf8), contentType: "text/plain", what: "setting the pending dataset")
    }

    /// Sets the pending dataset from the router's JSON form.
    public func setPendingDatasetJSON(_ value: JSONValue) async throws {
        try await put("/node/dataset/pending", try JSONSerializer.data(value), contentType: "application/json", what: "setting the pending dataset")
    }

    /// The border agent id (16 bytes, hex).
    public func borderAgentID() async throws -> String { try await hexString("/node/ba-id", what: "the border agent id") }

    /// The extended address (EUI-64, hex).
    public func extendedAddress() async throws -> String { try await hexString("/node/ext-address", what: "the extended address") }

    /// Turns the Thread interface on (it joins or forms the active dataset's network) or off.
    public func setEnabled(_ enabled: Bool) async throws {
        try await put("/node/state", try JSONSerializer.data(.string(enabled ? "enable" : "disable")), contentType: "application/json",
                      what: enabled ? "enabling the node" : "disabling the node")
    }

    /// Moves the network to `channel`: a pending dataset from the active one with the new channel,
    /// the active timestamp one second later, a pending timestamp of now, and `delay` ms before
    /// every node switches. Returns the pending dataset sent.
    @discardableResult
    public func migrate(toChannel channel: Int, delay: UInt32 = defaultMigrationDelay, now: Date = Current.now()) async throws -> OperationalDataset {
        guard (11...26).contains(channel) else { throw BorderRouterError("channel \(channel) is not one of 11-26") }
        guard let active = try await activeDataset() else { throw BorderRouterError("the router has no active dataset to migrate") }
        var timestamp = active.activeTimestamp ?? DatasetTimestamp(seconds: 0)
        timestamp.seconds += 1
        let pending = try active
            .setting(.channel, [0, UInt8(channel >> 8), UInt8(channel & 0xFF)])
            .setting(.activeTimestamp, timestamp.bytes)
            .setting(.pendingTimestamp, DatasetTimestamp(seconds: UInt64(now.timeIntervalSince1970)).bytes)
            .setting(.delayTimer, [UInt8(delay >> 24), UInt8((delay >> 16) & 0xFF), UInt8((delay >> 8) & 0xFF), UInt8(delay & 0xFF)])
        try await setPendingDataset(pending)
        return pending
    }

    private func dataset(_ kind: String) async throws -> OperationalDataset? {
        let response = try await send("GET", "/node/dataset/\(kind)", accept: "text/plain", what: "the \(kind) dataset")
        guard response.status != 204 else { return nil }
        let text = response.bodyText(limit: Self.maximumAnswer).trimmingWhitespace()
        do {
            return try OperationalDataset(hex: text)
        } catch {
            throw BorderRouterError("the router's \(kind) dataset is not valid: \(error)")
        }
    }

    private func datasetJSON(_ kind: String) async throws -> JSONValue? {
        let response = try await send("GET", "/node/dataset/\(kind)", accept: "application/json", what: "the \(kind) dataset")
        guard response.status != 204 else { return nil }
        do {
            return try JSONParser.parse(response.body)
        } catch {
            throw BorderRouterError("the router's \(kind) dataset is not JSON: \(error)")
        }
    }

    private func hexString(_ path: String, what: String) async throws -> String {
        let response = try await send("GET", path, accept: "application/json", what: what)
        guard case .string(let text)? = try? JSONParser.parse(response.body), !text.isEmpty,
              text.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) || (65...70).contains($0) }) else {
            throw BorderRouterError("the router's \(what) is not a hex string: \(response.bodyText(limit: 100))")
        }
        return text.lowercased()
    }

    private func put(_ path: String, _ body: [UInt8], contentType: String, what: String) async throws {
        let response = try await send("PUT", path, body: body, contentType: contentType, what: what)
        guard [200, 201, 204].contains(response.status) else {
            throw BorderRouterError("\(what): the router answered \(response.status) \(response.bodyText(limit: 200))")
        }
    }

    private func send(_ method: String, _ path: String, body: [UInt8] = [], contentType: String? = nil, accept: String? = nil,
                      what: String) async throws -> HTTPResponse {
        var headers: [(name: String, value: String)] = []
        if let contentType { headers.append(("Content-Type", contentType)) }
        if let accept { headers.append(("Accept", accept)) }
        let url = baseURL.appendingPathComponent(String(path.dropFirst()))
        let response: HTTPResponse
        do {
            response = try await http.send(HTTPRequest(method, url, headers: headers, body: body), maximumBodySize: Self.maximumAnswer)
        } catch {
            throw BorderRouterError("\(what): cannot reach the router at \(baseURL): \(error)")
        }
        if response.status == 409 { throw BorderRouterError("\(what): the router refused while its node is enabled (409): disable it first") }
        guard (200..<300).contains(response.status) else {
            throw BorderRouterError("\(what): the router answered \(response.status) \(response.bodyText(limit: 200))")
        }
        return response
    }
}
