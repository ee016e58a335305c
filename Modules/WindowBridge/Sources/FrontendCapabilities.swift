import Essentials

/// What the window tells the frontend it can do (`config/get`); only what works in this build is true.
public struct FrontendCapabilities: Sendable, Equatable {
    /// The companion's settings open from the frontend's menu (`config_screen/show`).
    public var settingsScreen = false
    /// Thread credentials can be shared with the server from the companion (`thread/import_credentials`).
    public var threadCredentialImport = false
    /// Matter devices can be commissioned from the frontend's "Add Matter device" (`matter/commission`).
    public var matterCommissioning = false

    /// Creates the capabilities, each off unless set.
    public init(settingsScreen: Bool = false, threadCredentialImport: Bool = false, matterCommissioning: Bool = false) {
        self.settingsScreen = settingsScreen
        self.threadCredentialImport = threadCredentialImport
        self.matterCommissioning = matterCommissioning
    }

    /// The `config/get` result, with the keys frontend 20240307 reads.
    var configResult: JSONValue {
        .object([
            "hasSettingsScreen": .bool(settingsScreen),
            "canImportThreadCredentials": .bool(threadCredentialImport),
            "canCommissionMatter": .bool(matterCommissioning),
            "hasAssist": .bool(false),
            "canWriteTag": .bool(false),
            "hasExoPlayer": .bool(false),
        ])
    }
}
