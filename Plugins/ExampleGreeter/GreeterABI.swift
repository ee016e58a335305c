import CPluginABI
import Foundation

/// The C function table of the example plugin, as `hc_plugin_abi.h` defines it.
enum GreeterABI {
    static let descriptor = """
    {"id": "example-greeter", "version": "1.0.0",
     "summary": "An out-of-tree example: greets a name with a configurable salutation",
     "provides": [{"name": "example.greeting", "version": 1}], "requires": [],
     "configurationKeys": ["salutation"], "failurePolicy": "degrade",
     "contributes": [
       {"point": "commands", "name": "greet", "summary": "Greet NAME with the configured salutation",
        "metadata": {"arguments": "NAME", "options": [{"name": "shout", "help": "Greet in capitals."}]}},
       {"point": "agent.sensor-sources", "name": "greeter_greetings", "summary": "Greetings given",
        "metadata": {"unit": "greetings", "state_class": "total_increasing", "icon": "mdi:hand-wave"}},
       {"point": "agent.notification-handlers", "name": "command_greet", "summary": "Greets data.name when the server asks"},
       {"point": "agent.controls", "name": "greeter_wave", "summary": "Wave at Home Assistant",
        "metadata": {"kind": "button", "icon": "mdi:hand-wave"}}
     ]}
    """

    /// Allocated once and never freed: the host keeps the pointer for the life of the process.
    nonisolated(unsafe) static let table: UnsafePointer<hc_plugin_api> = {
        let table = UnsafeMutablePointer<hc_plugin_api>.allocate(capacity: 1)
        table.initialize(to: hc_plugin_api(
            abi_version: UInt32(HC_PLUGIN_ABI_VERSION),
            descriptor_json: UnsafePointer(strdup(descriptor)),
            validate_configuration: { json, errorOut in
                report(Greeter.shared.problem(in: json.map { String(cString: $0) } ?? "{}"), errorOut)
            },
            start: { json, errorOut in
                report(Greeter.shared.start(json.map { String(cString: $0) } ?? "{}"), errorOut)
            },
            stop: { Greeter.shared.stop() },
            invoke: { capability, request, responseOut, errorOut in
                let requestJSON = request.map { String(cString: $0) } ?? "{}"
                let answer: Result<String, GreeterFailure>
                switch capability.map({ String(cString: $0) }) {
                case "example.greeting": answer = Greeter.shared.greet(requestJSON)
                case "commands/greet": answer = Greeter.shared.command(requestJSON)
                case "agent.sensor-sources/greeter_greetings": answer = Greeter.shared.sensor()
                case "agent.notification-handlers/command_greet": answer = Greeter.shared.notificationCommand(requestJSON)
                case "agent.controls/greeter_wave": answer = Greeter.shared.control(requestJSON)
                default: return report("unknown capability or entry", errorOut)
                }
                switch answer {
                case .success(let response):
                    responseOut?.pointee = strdup(response)
                    return 0
                case .failure(let failure):
                    return report(failure.message, errorOut)
                }
            },
            free_string: { free($0) }
        ))
        return UnsafePointer(table)
    }()

    /// Hands `problem` to the host as an allocated string; 0 when there is none.
    private static func report(_ problem: String?, _ errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
        guard let problem else { return 0 }
        errorOut?.pointee = strdup(problem)
        return 1
    }
}
