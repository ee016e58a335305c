import Essentials

/// What the window tells the frontend it can do (`config/get`); only what works in this build is true.
public struct FrontendCapabilities: Sendable, Equatable {
    /// The companion's settings open from the frontend's menu (`config_screen/show`).
    public var settingsScreen = false
    /// Thread credentials can be shared with the server from the companion (`thread/import_credentials`).
    public var threadCredentialImport = false

    /// Creates the capabilities, each off unless set.
    public init(settingsScreen: Bool = false, threadCredentialImport: Bool = false) {
        self.settingsScreen = settingsScreen
        self.threadCredentialImport = threadCredentialImport
    }

    /// The `config/get` result, with the keys frontend 20240307 reads.
    var configResult: JSONValue {
        .object([
            "hasSettingsScreen": .bool(settingsScreen),
            "canImportThreadCredentials": .bool(threadCredentialImport),
            "canCommissionMatter": .bool(false),
            "hasAssist": .bool(false),
            "canWriteTag": .bool(false),
            "hasExoPlayer": .bool(false),
        ])
    }
}
