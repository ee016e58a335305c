import CPluginABI
import Foundation

/// The example plugin's state and behaviour, reached from the C entry points in ``GreeterABI``.
final class Greeter: @unchecked Sendable {
    /// The one instance: a dynamic library plugin is loaded once per process.
    static let shared = Greeter()

    // Guarded by `lock`: the host may call the plugin from any thread.
    private var salutation = "Hello"
    private var greetings = 0
    private var host: UnsafePointer<hc_host_api>?
    private let lock = NSLock()

    /// Remembers the host's function table, for logging.
    func attach(_ host: UnsafePointer<hc_host_api>?) {
        lock.withLock { self.host = host }
    }

    /// Checks a configuration; returns the problem, naming the key, or nil when it is valid.
    func problem(in configurationJSON: String) -> String? {
        switch decode(configurationJSON) {
        case .failure(let failure): failure.message
        case .success: nil
        }
    }

    /// Applies a configuration and starts; returns the problem, or nil on success.
    func start(_ configurationJSON: String) -> String? {
        switch decode(configurationJSON) {
        case .failure(let failure):
            return failure.message
        case .success(let configuration):
            let word = configuration.salutation ?? "Hello"
            lock.withLock { salutation = word }
            log(HC_LOG_INFO, "greeter started, greeting with '\(word)'")
            return nil
        }
    }

    /// Stops the plugin.
    func stop() {
        log(HC_LOG_INFO, "greeter stopped")
    }

    /// Answers `{"name": "Ada"}` with `{"greeting": "Hello, Ada!"}`.
    func greet(_ requestJSON: String) -> Result<String, GreeterFailure> {
        guard let name = object(requestJSON)?["name"] as? String, !name.isEmpty else {
            return .failure(GreeterFailure(message: "the request needs a non-empty string 'name'"))
        }
        return encode(["greeting": greeting(for: name)])
    }

    /// The `greet` command: `{"arguments": ["Ada"], "options": {"shout": true}}` answers
    /// `{"output": "Hello, Ada!", "exitCode": 0}`; without a name, a usage error (exit 2).
    func command(_ requestJSON: String) -> Result<String, GreeterFailure> {
        let request = object(requestJSON)
        guard let arguments = request?["arguments"] as? [String], arguments.count == 1, !arguments[0].isEmpty else {
            return encode(["error": "error: 'home greet' needs one NAME; see 'home greet --help'", "exitCode": 2])
        }
        let text = greeting(for: arguments[0])
        let shout = (request?["options"] as? [String: Any])?["shout"] as? Bool ?? false
        return encode(["output": shout ? text.uppercased() : text, "exitCode": 0])
    }

    /// The `greeter_greetings` sensor: how many greetings this process gave.
    func sensor() -> Result<String, GreeterFailure> {
        encode(["state": lock.withLock { greetings }])
    }

    /// The `greeter_wave` control: a press greets Home Assistant (a greeting the sensor counts).
    func control(_ requestJSON: String) -> Result<String, GreeterFailure> {
        switch object(requestJSON)?["command"] as? String {
        case "press":
            _ = greeting(for: "Home Assistant")
            return encode([:])
        case "state":
            return encode([:])
        default:
            return encode(["error": "greeter_wave is a button: it is only pressed"])
        }
    }

    /// The `command_greet` notification command: greets `data.name` and says so for the agent's log.
    func notificationCommand(_ requestJSON: String) -> Result<String, GreeterFailure> {
        let data = object(requestJSON)?["data"] as? [String: Any]
        guard let name = data?["name"] as? String, !name.isEmpty else {
            return encode(["handled": "command_greet without data.name: nobody to greet"])
        }
        return encode(["handled": "command_greet: \(greeting(for: name))"])
    }

    private func greeting(for name: String) -> String {
        lock.withLock {
            greetings += 1
            return "\(salutation), \(name)!"
        }
    }

    private func object(_ json: String) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any]
    }

    private func encode(_ answer: [String: Any]) -> Result<String, GreeterFailure> {
        guard let data = try? JSONSerialization.data(withJSONObject: answer) else {
            return .failure(GreeterFailure(message: "could not encode the answer"))
        }
        return .success(String(decoding: data, as: UTF8.self))
    }

    private func decode(_ json: String) -> Result<GreeterConfiguration, GreeterFailure> {
        let configuration: GreeterConfiguration
        do {
            configuration = try JSONDecoder().decode(GreeterConfiguration.self, from: Data(json.utf8))
        } catch DecodingError.typeMismatch(_, let context) {
            let key = context.codingPath.map(\.stringValue).joined(separator: ".")
            return .failure(GreeterFailure(message: "key '\(key)': expected a string"))
        } catch {
            return .failure(GreeterFailure(message: "the configuration is not a valid object: \(error)"))
        }
        if let word = configuration.salutation, word.isEmpty || word.count > GreeterConfiguration.maximumLength {
            return .failure(GreeterFailure(
                message: "key 'salutation': must be 1 to \(GreeterConfiguration.maximumLength) characters"
            ))
        }
        return .success(configuration)
    }

    private func log(_ level: Int32, _ message: String) {
        guard let log = lock.withLock({ host?.pointee.log }) else { return }
        message.withCString { log(level, $0) }
    }
}
