import Essentials
import Foundation

/// The relay's settings: defaults, overridden by a JSON config file, overridden by
/// `PUSH_RELAY_*` environment variables.
public struct RelayConfiguration: Sendable, Equatable {
    /// How the HTTP server listens and what it bounds.
    public var http = HTTPServerOptions()

    /// `http` with its threads decided when none were configured: one per processor, or two
    /// with Redis, whose commands hold a loop while they wait on the network. On 2 processors:
    /// with SQLite, whose writes never hold a loop, 4 loops took 5% more CPU per request than 2;
    /// with Redis, 2 loops answered 18% fewer requests a second than 4.
    public var serverOptions: HTTPServerOptions {
        var options = http
        if options.threads == nil { options.threads = HTTPServerOptions.threadsPerProcessor * (redis == nil ? 1 : 2) }
        return options
    }
    /// Deliveries per push token per UTC day, successful and failed together.
    public var dailyLimit = 1000
    /// App ids allowed to send; an empty list allows any.
    public var allowedAppIDs: [String] = [
        "io.homecompanion.linux", "io.robbie.HomeAssistant", "io.robbie.HomeAssistant.beta", "io.robbie.HomeAssistant.dev",
        "io.homeassistant.companion.android", "io.homeassistant.companion.android.minimal",
    ]
    /// The SQLite file for counts and queued notifications.
    public var database: URL
    /// How long a notification waits for its client, in seconds (at most 30 days).
    public var messageTTL: Double = 86_400
    /// How many notifications may wait, per token and in total.
    public var queueLimits = QueueLimits()
    /// How many clients may hold `/push/stream`, per token and in total.
    public var streamLimits = StreamLimits()
    /// Registrations kept at most.
    public var registrationLimit = 100_000
    /// Seconds a registration is kept without a send or a stream (30 days unless configured).
    public var registrationTTL: Double = 30 * 86_400
    /// Push tokens the relay did not issue (APNs, FCM) it counts a day; more are refused (429).
    public var providerTokensPerDay = 100_000
    /// Requests one IP address may make per second (a burst of twice as many).
    public var requestsPerAddress = 200
    /// Registrations one IP address may make per hour.
    public var registrationsPerAddress = 20
    /// When set, `POST /push/register` requires `Authorization: Bearer KEY`.
    public var registrationKey: String?
    /// When set, `GET /metrics` requires `Authorization: Bearer TOKEN`.
    public var metricsToken: String?
    /// Without a token, whether `/metrics` answers every address rather than only this machine's.
    public var metricsPublic = false
    /// Redis, for rate limits and delivery shared by several relay processes; nil keeps both in SQLite.
    public var redis: RedisAddress?
    /// The provider manifest: which push service delivers for which app ids; nil streams everything.
    public var providerManifest: URL?
    /// Seconds between keep-alive comments on event streams.
    public var keepAliveInterval: Double = 15
    /// The least important messages written to standard error (secrets redacted).
    public var logLevel = LogLevel.warning

    /// The defaults: the SQLite file in `dataFolder`, listening on 127.0.0.1:8080.
    public init(dataFolder: URL) {
        database = dataFolder.appendingPathComponent("push-relay.sqlite")
    }

    /// The environment variables read, with what they set.
    public static let environmentVariables: [(String, String)] = [
        ("PUSH_RELAY_HOST", "IP address to listen on: IPv4, or IPv6 (:: listens on both)"), ("PUSH_RELAY_PORT", "port to listen on"),
        ("PUSH_RELAY_THREADS", "request threads"), ("PUSH_RELAY_TIMEOUT", "idle connection timeout, seconds"),
        ("PUSH_RELAY_DAILY_LIMIT", "deliveries per token per day"), ("PUSH_RELAY_ALLOWED_APP_IDS", "comma-separated app ids (empty: any)"),
        ("PUSH_RELAY_DATABASE", "the SQLite file"), ("PUSH_RELAY_MESSAGE_TTL", "seconds a notification waits for its client"),
        ("PUSH_RELAY_REDIS_URL", "redis://host:port/db (rediss:// for TLS; redis://:PASSWORD@host), or a cluster's seeds redis+cluster://host:port,host:port, to share limits and delivery between processes"),
        ("PUSH_RELAY_REDIS_PASSWORD_FILE", "a file holding Redis's password (AUTH), instead of one in the URL"),
        ("PUSH_RELAY_REDIS_CA_FILE", "PEM CAs a rediss:// server's certificate must chain to (default: the system's)"),
        ("PUSH_RELAY_MANIFEST", "the provider manifest (JSON): which provider delivers for which app ids"),
        ("PUSH_RELAY_LOG_LEVEL", "debug, info, warning (default) or error: what goes to standard error"),
        ("PUSH_RELAY_REQUEST_DEADLINE", "seconds a whole request may take, however it trickles (default 30)"),
        ("PUSH_RELAY_CONNECTIONS_PER_ADDRESS", "connections one IP address may hold (default 64)"),
        ("PUSH_RELAY_CONNECTIONS_TOTAL", "connections served at once (default 1024)"),
        ("PUSH_RELAY_INPUT_BUDGET_MIB", "MiB of unfinished requests all connections may hold together (default 64)"),
        ("PUSH_RELAY_REQUESTS_PER_ADDRESS", "requests per second from one IP address, bursts of twice that (default 200)"),
        ("PUSH_RELAY_QUEUE_PER_TOKEN", "notifications kept for one token; the oldest go first (default 1000)"),
        ("PUSH_RELAY_QUEUE_TOTAL", "notifications kept for every token together (default 1000000)"),
        ("PUSH_RELAY_QUEUE_TOTAL_MIB", "MiB of notifications kept for every token together (default 256)"),
        ("PUSH_RELAY_STREAMS_PER_TOKEN", "streams of one token; a new one closes the oldest (default 2)"),
        ("PUSH_RELAY_STREAMS_TOTAL", "streams of every token together; when all are taken a device with no stream takes the oldest of the address holding the most (default 512)"),
        ("PUSH_RELAY_STREAMS_PER_ADDRESS", "streams from one IP address, of any tokens (default 8)"),
        ("PUSH_RELAY_PROVIDER_TOKENS_PER_DAY", "push tokens of other apps (APNs, FCM) counted a day; more are refused until 00:00 UTC (default 100000)"),
        ("PUSH_RELAY_REGISTRATION_LIMIT", "devices registered at most (default 100000)"),
        ("PUSH_RELAY_REGISTRATION_TTL_DAYS", "days a registration is kept with nothing sent to it and no stream (default 30)"),
        ("PUSH_RELAY_REGISTRATIONS_PER_ADDRESS", "registrations per IP address per hour (default 20)"),
        ("PUSH_RELAY_REGISTRATION_KEY_FILE", "a file holding the key devices need to register (default: open registration)"),
        ("PUSH_RELAY_METRICS_TOKEN_FILE", "a file holding the bearer token /metrics requires (default: none)"),
        ("PUSH_RELAY_METRICS_PUBLIC", "true: /metrics without a token answers every address (default false: only this machine)"),
        ("PUSH_RELAY_TRUSTED_PROXIES", "comma-separated addresses or CIDR blocks of reverse proxies whose X-Forwarded-For (or PROXY header) names the client (default: none)"),
        ("PUSH_RELAY_PROXY_PROTOCOL", "true: connections from trusted proxies start with a PROXY protocol v1 or v2 header (default false)"),
        ("PUSH_RELAY_TLS_CERTIFICATE_FILE", "PEM certificate chain: with the key file, the relay speaks TLS 1.2+ only; SIGHUP reloads both"),
        ("PUSH_RELAY_TLS_KEY_FILE", "PEM private key of the certificate (not readable by every user)"),
    ]

    /// Applies a config file's fields (the same names as the variables, without the prefix, in lower case).
    public mutating func apply(file: URL) throws {
        let value: JSONValue
        do {
            value = try JSONParser.parse([UInt8](Data(contentsOf: file)))
        } catch {
            throw RelayConfigurationError("the config file \(file.path) cannot be read: \(error)")
        }
        guard let object = value.objectValue else { throw RelayConfigurationError("the config file \(file.path) must hold a JSON object") }
        var settings: [String: String] = [:]
        for (key, field) in object {
            switch field {
            case .string(let text): settings[key] = text
            case .integer(let number): settings[key] = String(number)
            case .double(let number): settings[key] = String(number)
            case .array(let items): settings[key] = items.compactMap { if case .string(let text) = $0 { text } else { nil } }.joined(separator: ",")
            case .bool(let flag): settings[key] = String(flag)
            default: throw RelayConfigurationError("\(file.path): \(key) must be a string, number, true or false, or list")
            }
        }
        try apply(settings, source: file.path, name: { $0 })
    }

    /// Applies `PUSH_RELAY_*` variables from `environment`.
    public mutating func apply(environment: [String: String]) throws {
        try apply(environment, source: "the environment", name: { "PUSH_RELAY_" + $0.uppercased() })
    }

    private mutating func apply(_ settings: [String: String], source: String, name: (String) -> String) throws {
        let known = Set(Self.environmentVariables.map { String($0.0.dropFirst("PUSH_RELAY_".count)).lowercased() })
        if source != "the environment", let unknown = settings.keys.first(where: { !known.contains($0) }) {
            throw RelayConfigurationError("\(source): unknown setting '\(unknown)'; known: \(known.sorted().joined(separator: ", "))")
        }
        func number(_ key: String, _ range: ClosedRange<Int>) throws -> Int? {
            guard let text = settings[name(key)] else { return nil }
            guard let value = Int(text), range.contains(value) else {
                throw RelayConfigurationError("\(source): \(name(key)) must be a whole number in \(range.lowerBound)...\(range.upperBound), not '\(text)'")
            }
            return value
        }
        if let host = settings[name("host")] { http.host = host }
        if let port = try number("port", 0...65_535) { http.port = port }
        if let threads = try number("threads", 1...256) { http.threads = threads }
        if let timeout = try number("timeout", 1...3600) { http.connectionTimeout = timeout }
        if let limit = try number("daily_limit", 1...10_000_000) { dailyLimit = limit }
        if let ttl = try number("message_ttl", 1...2_592_000) { messageTTL = Double(ttl) }
        if let seconds = try number("request_deadline", 1...3600) { http.requestDeadline = seconds }
        if let count = try number("connections_per_address", 1...65_535) { http.connectionsPerAddress = count }
        if let count = try number("connections_total", 1...1_000_000) { http.connectionLimit = count }
        if let mebibytes = try number("input_budget_mib", 1...65_536) { http.inputBudget = mebibytes << 20 }
        if let count = try number("requests_per_address", 1...10_000_000) { requestsPerAddress = count }
        if let count = try number("queue_per_token", 1...1_000_000) { queueLimits.perToken = count }
        if let count = try number("queue_total", 1...100_000_000) { queueLimits.total = count }
        if let mebibytes = try number("queue_total_mib", 1...1_048_576) { queueLimits.totalBytes = mebibytes << 20 }
        if let count = try number("streams_per_token", 1...64) { streamLimits.perToken = count }
        if let count = try number("streams_total", 1...1_000_000) { streamLimits.total = count }
        if let count = try number("streams_per_address", 1...1_000_000) { streamLimits.perAddress = count }
        if let count = try number("registration_limit", 1...100_000_000) { registrationLimit = count }
        if let count = try number("provider_tokens_per_day", 1...100_000_000) { providerTokensPerDay = count }
        if let days = try number("registration_ttl_days", 1...3_650) { registrationTTL = Double(days) * 86_400 }
        if let count = try number("registrations_per_address", 1...1_000_000) { registrationsPerAddress = count }
        if let path = settings[name("registration_key_file")] { registrationKey = try Self.secret(in: path, setting: name("registration_key_file"), source: source) }
        func flag(_ key: String) throws -> Bool? {
            guard let text = settings[name(key)] else { return nil }
            guard let value = ["true": true, "1": true, "false": false, "0": false][text.lowercased()] else {
                throw RelayConfigurationError("\(source): \(name(key)) must be true or false, not '\(text)'")
            }
            return value
        }
        if let value = try flag("metrics_public") { metricsPublic = value }
        if let value = try flag("proxy_protocol") { http.proxyProtocol = value }
        if let list = settings[name("trusted_proxies")] {
            var ranges: [AddressRange] = []
            for entry in list.split(separator: ",") {
                do {
                    ranges.append(try AddressRange(entry.trimmingCharacters(in: .whitespaces)))
                } catch {
                    throw RelayConfigurationError("\(source): \(name("trusted_proxies")): \(error.message)")
                }
            }
            http.trustedProxies = TrustedProxies(ranges)
        }
        if let path = settings[name("tls_certificate_file")] { http.tlsCertificateFile = path.isEmpty ? nil : path }
        if let path = settings[name("tls_key_file")] { http.tlsKeyFile = path.isEmpty ? nil : path }
        if let path = settings[name("metrics_token_file")] { metricsToken = try Self.secret(in: path, setting: name("metrics_token_file"), source: source) }
        if let ids = settings[name("allowed_app_ids")] { allowedAppIDs = ids.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
        if let url = settings[name("redis_url")] {
            do {
                redis = url.isEmpty ? nil : try RedisAddress(url)
            } catch let error as RelayConfigurationError {
                throw RelayConfigurationError("\(source): \(name("redis_url")): \(error.message)")
            }
        }
        if let path = settings[name("redis_password_file")], !path.isEmpty {
            guard redis != nil else { throw RelayConfigurationError("\(source): \(name("redis_password_file")) needs a Redis URL") }
            redis?.password = try Self.secret(in: path, setting: name("redis_password_file"), source: source)
        }
        if let path = settings[name("redis_ca_file")], !path.isEmpty {
            guard redis?.usesTLS == true else { throw RelayConfigurationError("\(source): \(name("redis_ca_file")) needs a rediss:// URL") }
            redis?.caFile = path
        }
        if let path = settings[name("manifest")] { providerManifest = path.isEmpty ? nil : URL(fileURLWithPath: path) }
        if let text = settings[name("log_level")] {
            guard let level = LogLevel(name: text) else {
                throw RelayConfigurationError("\(source): \(name("log_level")) must be debug, info, warning or error, not '\(text)'")
            }
            logLevel = level
        }
        if let path = settings[name("database")] {
            guard path.hasPrefix("/") else { throw RelayConfigurationError("\(source): \(name("database")) must be an absolute path") }
            database = URL(fileURLWithPath: path)
        }
    }

    /// The secret in the file at `path` (its first line); nil for an empty path.
    private static func secret(in path: String, setting: String, source: String) throws -> String? {
        guard !path.isEmpty else { return nil }
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw RelayConfigurationError("\(source): \(setting): \(path) cannot be read: \(error.localizedDescription)")
        }
        let secret = text.split(whereSeparator: \.isNewline).first.map(String.init)?.trimmingCharacters(in: .whitespaces) ?? ""
        guard secret.utf8.count >= 16 else { throw RelayConfigurationError("\(source): \(setting): the secret in \(path) is shorter than 16 bytes") }
        return secret
    }
}
