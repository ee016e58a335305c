import CompanionWindow
import Essentials
import WindowBridge

/// Settings that answer with a fixed snapshot and do nothing, for tests about who may ask.
struct StaticSettings: CompanionSettings {
    func snapshot() async throws -> JSONValue {
        .object(["version": .string("test"), "server": .string(""), "servers": .array([]), "sensors": .array([])])
    }

    func discovered() async throws -> JSONValue { .array([]) }

    func perform(_ action: SettingsAction) async throws {}
}
