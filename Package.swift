// swift-tools-version:6.0
import PackageDescription

// MARK: - Products
//
// Every module is its own library product so a contributor builds only what they need
// (`swift build --product Persistence`). The two apps are thin executables.

let products: [Product] = [
    .library(name: "Essentials", targets: ["Essentials"]),
    .library(name: "PluginHost", targets: ["PluginHost"]),
    .library(name: "HAModels", targets: ["HAModels"]),
    .library(name: "HADesignTokens", targets: ["HADesignTokens"]),
    .library(name: "Persistence", targets: ["Persistence"]),
    .library(name: "Transport", targets: ["Transport"]),
    .library(name: "Networking", targets: ["Networking"]),
    .library(name: "Auth", targets: ["Auth"]),
    .library(name: "HomeAPI", targets: ["HomeAPI"]),
    .library(name: "Agent", targets: ["Agent"]),
    .library(name: "DeviceModel", targets: ["DeviceModel"]),
    .library(name: "Thread", targets: ["Thread"]),
    .library(name: "DBus", targets: ["DBus"]),
    .library(name: "MQTT", targets: ["MQTT"]),
    .library(name: "Improv", targets: ["Improv"]),
    .library(name: "PushRelay", targets: ["PushRelay"]),
    .library(name: "WindowBridge", targets: ["WindowBridge"]),
    .library(name: "Desktop", targets: ["Desktop"]),
    .library(name: "Tray", targets: ["Tray"]),
    .library(name: "Discovery", targets: ["Discovery"]),
    .library(name: "Matter", targets: ["Matter"]),
    .library(name: "CompanionWindow", targets: ["CompanionWindow"]),
    .library(name: "CLIKit", targets: ["CLIKit"]),
    .library(name: "ExampleGreeter", type: .dynamic, targets: ["ExampleGreeter"]),
    .executable(name: "home", targets: ["home"]),
    .executable(name: "push-relay", targets: ["push-relay"]),
    // The window (WebKitGTK, GTK 4) is its own executable, so home and its agent never link them.
    .executable(name: "home-window", targets: ["home-window"]),
]

// MARK: - C libraries (each shim next to the module that uses it)

let cTargets: [Target] = [
    // ZBar and libpng, loaded on first use (home matter commission --qr-image).
    .systemLibrary(name: "CZBar", path: "Modules/Matter/CZBar"),
    .systemLibrary(name: "CProcessLimits", path: "Modules/CLIKit/CProcessLimits"),
    .systemLibrary(
        name: "CPluginABI",
        path: "Modules/PluginHost/CPluginABI"
    ),
    .systemLibrary(
        name: "COpenSSL",
        path: "Modules/Transport/COpenSSL",
        providers: [.apt(["libssl-dev"])]
    ),
    .systemLibrary(
        name: "CZlib",
        path: "Modules/Transport/CZlib",
        providers: [.apt(["zlib1g-dev"])]
    ),
    .systemLibrary(
        name: "CHiredis",
        path: "Modules/PushRelay/CHiredis",
        providers: [.apt(["libhiredis-dev"])]
    ),
    .systemLibrary(
        name: "CCurl",
        path: "Modules/PushRelay/CCurl",
        providers: [.apt(["libcurl4-openssl-dev"])]
    ),
    .systemLibrary(name: "CLinuxEvents", path: "Modules/PushRelay/CLinuxEvents"),
    .systemLibrary(
        name: "CRelayCrypto",
        path: "Modules/PushRelay/CRelayCrypto",
        providers: [.apt(["libssl-dev"])]
    ),
    .systemLibrary(
        name: "CMosquitto",
        path: "Modules/MQTT/CMosquitto",
        providers: [.apt(["libmosquitto-dev"])]
    ),
    .systemLibrary(
        name: "CDBus",
        path: "Modules/DBus/CDBus",
        providers: [.apt(["libdbus-1-3"])]
    ),
    .systemLibrary(
        name: "CLibXML",
        path: "Modules/DBus/CLibXML",
        providers: [.apt(["libxml2"])]
    ),
    .systemLibrary(
        name: "CThreadCrypto",
        path: "Modules/Thread/CThreadCrypto",
        providers: [.apt(["libssl-dev"])]
    ),
    .systemLibrary(
        name: "CSodium",
        path: "Modules/Agent/CSodium",
        providers: [.apt(["libsodium-dev"])]
    ),
    .systemLibrary(
        name: "CWebKitGTK",
        path: "Modules/CompanionWindow/CWebKitGTK",
        pkgConfig: "webkitgtk-6.0",
        providers: [.apt(["libwebkitgtk-6.0-dev"])]
    ),
    .systemLibrary(
        name: "CSQLite",
        path: "Modules/Persistence/CSQLite",
        providers: [.apt(["libsqlite3-dev"])]
    ),
]

// MARK: - Modules

let moduleTargets: [Target] = [
    .target(name: "Essentials", path: "Modules/Essentials/Sources"),
    .target(name: "PluginHost", dependencies: ["CPluginABI", "Essentials"], path: "Modules/PluginHost/Sources"),
    .target(name: "HAModels", dependencies: ["Essentials"], path: "Modules/HAModels/Sources"),
    .target(name: "HADesignTokens", path: "Modules/HADesignTokens/Sources"),
    .target(name: "Persistence", dependencies: ["Essentials", "CSQLite"], path: "Modules/Persistence/Sources"),
    .target(name: "Transport", dependencies: ["Essentials", "COpenSSL", "CZlib"], path: "Modules/Transport/Sources"),
    .target(name: "Networking", dependencies: ["Essentials", "HAModels", "Transport"], path: "Modules/Networking/Sources"),
    .target(name: "Auth", dependencies: ["Essentials", "Networking", "Transport"], path: "Modules/Auth/Sources"),
    .target(name: "HomeAPI", dependencies: ["Essentials", "Auth", "DeviceModel", "Networking", "HAModels", "Persistence"], path: "Modules/HomeAPI/Sources"),
    .target(
        name: "Agent", dependencies: ["Essentials", "HomeAPI", "Networking", "Transport", "HAModels", "Persistence", "CSodium"], path: "Modules/Agent/Sources"
    ),
    .target(name: "Thread", dependencies: ["Essentials", "Persistence", "Networking", "Transport", "CThreadCrypto"], path: "Modules/Thread/Sources"),
    .target(name: "DBus", dependencies: ["CDBus", "CLibXML", "Essentials"], path: "Modules/DBus/Sources"),
    .target(name: "MQTT", dependencies: ["CMosquitto", "Essentials"], path: "Modules/MQTT/Sources"),
    .target(name: "Improv", dependencies: ["DBus", "Essentials"], path: "Modules/Improv/Sources"),
    .target(name: "DeviceModel", dependencies: ["Essentials", "HAModels", "Networking"], path: "Modules/DeviceModel/Sources"),
    .target(name: "PushRelay", dependencies: ["Essentials", "Persistence", "CHiredis", "CCurl", "CRelayCrypto", "CLinuxEvents", "CZlib"],
        path: "Modules/PushRelay/Sources",
        // Its parts, each a folder with a README stating its public surface.
        exclude: ["Server/README.md", "Core/README.md", "Stores/SQLite/README.md", "Stores/Redis/README.md", "Providers/README.md"]),
    .target(name: "CLIKit", dependencies: ["CProcessLimits", "Essentials"], path: "Modules/CLIKit/Sources"),
    .target(name: "Desktop", dependencies: ["Essentials"], path: "Modules/Desktop/Sources"),
    .target(name: "Discovery", dependencies: ["DBus", "Essentials"], path: "Modules/Discovery/Sources"),
    .target(name: "Matter", dependencies: ["CZBar", "Essentials"], path: "Modules/Matter/Sources"),
    .target(name: "Tray", dependencies: ["DBus", "Essentials", "HAModels"], path: "Modules/Tray/Sources"),
    .target(name: "WindowBridge", dependencies: ["Essentials", "HADesignTokens"], path: "Modules/WindowBridge/Sources"),
    .target(name: "CompanionWindow", dependencies: ["CWebKitGTK", "DBus", "Essentials", "HADesignTokens", "HAModels", "WindowBridge"], path: "Modules/CompanionWindow/Sources"),
    .target(name: "EssentialsTestSupport", dependencies: ["Essentials"], path: "Modules/Essentials/TestSupport"),
    .target(name: "CLIKitTestSupport", dependencies: ["CLIKit"], path: "Modules/CLIKit/TestSupport"),
    .target(name: "LoopbackTestSupport", path: "Tests/LoopbackTestSupport"),
    .target(name: "DBusTestSupport", path: "Tests/DBusTestSupport"),
]

// MARK: - Plugins

// Contracts: a capability's or extension point's key and the protocol of its value, which the
// provider and its consumers both depend on, so no plugin depends on another plugin.
let contractTargets: [Target] = [
    .target(name: "SessionContract", dependencies: ["Essentials", "HAModels", "HomeAPI", "Networking", "PluginHost"], path: "Plugins/Contracts/SessionContract", exclude: ["README.md"]),
    .target(name: "ConnectionContract", dependencies: ["HomeAPI", "Networking", "PluginHost"], path: "Plugins/Contracts/ConnectionContract", exclude: ["README.md"]),
    .target(name: "AgentContract", dependencies: ["Agent", "Essentials", "PluginHost"], path: "Plugins/Contracts/AgentContract", exclude: ["README.md"]),
    .target(name: "DevicesContract", dependencies: ["DeviceModel", "Networking", "PluginHost", "SessionContract"], path: "Plugins/Contracts/DevicesContract", exclude: ["README.md"]),
    .target(name: "DesignContract", dependencies: ["HADesignTokens", "PluginHost"], path: "Plugins/Contracts/DesignContract", exclude: ["README.md"]),
]

let pluginTargets: [Target] = [
    .target(name: "ThreadContract", dependencies: ["PluginHost"], path: "Plugins/Contracts/ThreadContract", exclude: ["README.md"]),
    .target(name: "WindowContract", dependencies: ["Essentials", "HomeAPI", "PluginHost", "WindowBridge"], path: "Plugins/Contracts/WindowContract", exclude: ["README.md"]),
    .target(name: "SessionCommandKit", dependencies: ["CLIKit", "Essentials", "SessionContract"], path: "Plugins/SessionCommandKit", exclude: ["README.md"]),
    .target(name: "HomePluginKit", dependencies: ["CLIKit", "Essentials", "PluginHost"], path: "Plugins/HomePluginKit", exclude: ["README.md"]),
    .target(
        name: "SessionPlugin", dependencies: ["Auth", "CLIKit", "Desktop", "Discovery", "Essentials", "HomeAPI", "HomePluginKit", "Networking", "PluginHost", "SessionCommandKit", "SessionContract"],
        path: "Plugins/SessionPlugin", exclude: ["README.md"]
    ),
    .target(
        name: "ConnectionPlugin",
        dependencies: ["CLIKit", "ConnectionContract", "DeviceModel", "Essentials", "HAModels", "HomeAPI", "HomePluginKit", "Networking", "PluginHost", "SessionCommandKit", "SessionContract"],
        path: "Plugins/ConnectionPlugin", exclude: ["README.md"]
    ),
    .target(
        name: "AgentPlugin",
        dependencies: ["Agent", "AgentContract", "CLIKit", "Essentials", "HomeAPI", "HomePluginKit", "PluginHost", "SessionCommandKit", "SessionContract"],
        path: "Plugins/AgentPlugin", exclude: ["README.md"]
    ),
    .target(
        name: "PushChannelsPlugin", dependencies: ["Agent", "AgentContract", "ConnectionContract", "Essentials", "HomeAPI", "PluginHost"],
        path: "Plugins/PushChannelsPlugin", exclude: ["README.md"]
    ),
    .target(
        name: "HomeDevicesPlugin",
        dependencies: ["CLIKit", "ConnectionContract", "DeviceModel", "DevicesContract", "Essentials", "HAModels", "HomePluginKit", "Networking", "PluginHost", "SessionCommandKit", "SessionContract"],
        path: "Plugins/HomeDevicesPlugin", exclude: ["README.md"]
    ),
    .target(
        name: "ThreadPlugin", dependencies: ["CLIKit", "ConnectionContract", "Essentials", "HomeAPI", "HomePluginKit", "Networking", "PluginHost", "SessionCommandKit", "SessionContract", "Thread", "ThreadContract", "Transport"],
        path: "Plugins/ThreadPlugin", exclude: ["README.md"]
    ),
    .target(
        name: "ImprovPlugin", dependencies: ["CLIKit", "ConnectionContract", "Essentials", "HomePluginKit", "Improv", "Networking", "PluginHost", "SessionCommandKit", "SessionContract"],
        path: "Plugins/ImprovPlugin", exclude: ["README.md"]
    ),
    .target(name: "LinuxSensorsPlugin", dependencies: ["Agent", "AgentContract", "PluginHost"], path: "Plugins/LinuxSensorsPlugin", exclude: ["README.md"]),
    .target(
        name: "DesktopNotificationsPlugin", dependencies: ["Agent", "AgentContract", "DBus", "Essentials", "HAModels", "PluginHost", "WindowContract"], path: "Plugins/DesktopNotificationsPlugin", exclude: ["README.md"]
    ),
    .target(name: "AssistPlugin", dependencies: ["AgentContract", "CLIKit", "ConnectionContract", "Essentials", "HomePluginKit", "Networking", "PluginHost", "SessionCommandKit", "SessionContract"], path: "Plugins/AssistPlugin", exclude: ["README.md"]),
    .target(name: "TemplatesPlugin", dependencies: ["AgentContract", "CLIKit", "Essentials", "HomePluginKit", "PluginHost", "SessionCommandKit", "SessionContract"], path: "Plugins/TemplatesPlugin", exclude: ["README.md"]),
    .target(
        name: "LocationPlugin", dependencies: ["Agent", "AgentContract", "DBus", "Essentials", "PluginHost"], path: "Plugins/LocationPlugin", exclude: ["README.md"]
    ),
    .target(name: "ZonesPlugin", dependencies: ["AgentContract", "CLIKit", "Essentials", "HomePluginKit", "PluginHost", "SessionCommandKit", "SessionContract"], path: "Plugins/ZonesPlugin", exclude: ["README.md"]),
    .target(name: "DesktopPlugin", dependencies: ["CLIKit", "Desktop", "Essentials", "HomePluginKit", "PluginHost"], path: "Plugins/DesktopPlugin", exclude: ["README.md"]),
    .target(
        name: "TrayPlugin",
        dependencies: ["Agent", "AgentContract", "CLIKit", "ConnectionContract", "Desktop", "Essentials", "HAModels", "HomeAPI", "HomePluginKit", "Networking", "PluginHost", "SessionCommandKit", "SessionContract", "Tray", "WindowContract"],
        path: "Plugins/TrayPlugin", exclude: ["README.md"]
    ),
    .target(name: "MatterPlugin", dependencies: ["CLIKit", "ConnectionContract", "Essentials", "HomePluginKit", "Matter", "Networking", "PluginHost", "SessionCommandKit", "SessionContract", "ThreadContract", "WindowBridge", "WindowContract"], path: "Plugins/MatterPlugin", exclude: ["README.md"]),
    .target(name: "LinksPlugin", dependencies: ["CLIKit", "DBus", "Desktop", "Essentials", "HAModels", "HomeAPI", "HomePluginKit", "Networking", "PluginHost", "SessionCommandKit", "SessionContract", "WindowContract"], path: "Plugins/LinksPlugin", exclude: ["README.md"]),
    .target(name: "WindowPlugin", dependencies: ["CLIKit", "Desktop", "Essentials", "HAModels", "HomePluginKit", "PluginHost", "SessionCommandKit", "SessionContract", "WindowContract"], path: "Plugins/WindowPlugin", exclude: ["README.md"]),
    // Only home-window links it: WebKitGTK and GTK 4 through CompanionWindow.
    .target(name: "WindowUIPlugin", dependencies: ["AgentContract", "CompanionWindow", "DBus", "Desktop", "Tray", "WindowBridge", "Essentials", "HAModels", "HomeAPI", "HomePluginKit", "PluginHost", "SessionContract", "ThreadContract", "WindowContract"], path: "Plugins/WindowUIPlugin", exclude: ["README.md"]),
    .target(
        name: "MQTTPlugin", dependencies: ["Agent", "AgentContract", "CLIKit", "Essentials", "HAModels", "HomeAPI", "HomePluginKit", "MQTT", "PluginHost", "SessionCommandKit", "SessionContract"],
        path: "Plugins/MQTTPlugin", exclude: ["README.md"]
    ),
    .target(name: "SystemControlsPlugin", dependencies: ["Agent", "AgentContract", "DBus", "Essentials", "PluginHost"], path: "Plugins/SystemControlsPlugin", exclude: ["README.md"]),
    .target(name: "ScriptSensorsPlugin", dependencies: ["Agent", "AgentContract", "Essentials", "PluginHost"], path: "Plugins/ScriptSensorsPlugin", exclude: ["README.md"]),
    .target(name: "TagsPlugin", dependencies: ["AgentContract", "CLIKit", "Essentials", "HomePluginKit", "PluginHost", "SessionCommandKit", "SessionContract"], path: "Plugins/TagsPlugin", exclude: ["README.md"]),
    .target(name: "DesignTokensPlugin", dependencies: ["CLIKit", "DesignContract", "HADesignTokens", "HomePluginKit", "PluginHost"], path: "Plugins/DesignTokensPlugin", exclude: ["README.md"]),
    .target(name: "ThemeFilesPlugin", dependencies: ["DesignContract", "Essentials", "HADesignTokens", "PluginHost"], path: "Plugins/ThemeFilesPlugin", exclude: ["README.md"]),
    .target(name: "ExampleGreeter", dependencies: ["CPluginABI"], path: "Plugins/ExampleGreeter", exclude: ["README.md"]),
]

// MARK: - Apps

let appTargets: [Target] = [
    .target(
        name: "HomeCLI",
        dependencies: [
            "CLIKit", "Essentials", "HomeAPI", "PluginHost", "HomePluginKit", "SessionContract", "SessionPlugin", "ConnectionPlugin", "AgentPlugin", "PushChannelsPlugin",
            "LinuxSensorsPlugin", "HomeDevicesPlugin", "ThreadPlugin", "ImprovPlugin",
            "DesktopNotificationsPlugin", "AssistPlugin", "TemplatesPlugin", "TagsPlugin", "LocationPlugin", "ZonesPlugin", "MQTTPlugin", "SystemControlsPlugin", "ScriptSensorsPlugin", "DesignTokensPlugin", "ThemeFilesPlugin", "WindowPlugin", "LinksPlugin", "DesktopPlugin", "TrayPlugin",
            "MatterPlugin",
        ],
        path: "Apps/HomeCLI"
    ),
    .executableTarget(name: "home", dependencies: ["HomeCLI", "CLIKit", "Essentials"], path: "Apps/home"),
    .executableTarget(name: "query-example", dependencies: ["HomeAPI", "DeviceModel"], path: "examples/QueryExample"),
    .executableTarget(name: "home-window", dependencies: ["HomeCLI", "CLIKit", "Essentials", "PluginHost", "WindowUIPlugin"], path: "Apps/home-window"),
    .target(name: "PushRelayCLI", dependencies: ["CLIKit", "Essentials", "PushRelay"], path: "Apps/PushRelayCLI"),
    // jemalloc (Debian's libjemalloc-dev) is the relay's allocator: its malloc, linked into the
    // executable, takes the place of glibc's for the whole process. The relay allocates on its event
    // loops and frees on its writer thread, where glibc's arenas cost about a tenth of its CPU.
    .executableTarget(name: "push-relay", dependencies: ["PushRelayCLI", "CLIKit"], path: "Apps/push-relay",
                      linkerSettings: [.linkedLibrary("jemalloc")]),
]

// MARK: - Benchmarks (tools/bench)

let benchmarkTargets: [Target] = [
    .executableTarget(name: "outbox-bench", dependencies: ["Persistence"], path: "tools/bench/OutboxBench"),
    .executableTarget(name: "entities-bench", dependencies: ["Networking", "Essentials", "Transport"], path: "tools/bench/EntitiesBench"),
    .executableTarget(name: "devices-bench", dependencies: ["DeviceModel", "Networking"], path: "tools/bench/DevicesBench"),
]

// MARK: - Tests

let unitTestTargets: [Target] = [
    ("EssentialsTests", ["Essentials", "EssentialsTestSupport"]),
    ("PluginHostTests", ["PluginHost", "Essentials", "EssentialsTestSupport"]),
    ("HAModelsTests", ["HAModels"]),
    ("HADesignTokensTests", ["HADesignTokens"]),
    ("PersistenceTests", ["Essentials", "Persistence", "CSQLite", "persistence-crash-writer"]),
    ("TransportTests", ["Transport", "LoopbackTestSupport"]),
    ("NetworkingTests", ["Networking", "LoopbackTestSupport"]),
    ("AuthTests", ["Auth", "Networking", "HAModels", "LoopbackTestSupport"]),
    ("HomeAPITests", ["HomeAPI", "Auth", "Networking", "HAModels", "PluginHost"]),
    ("AgentTests", ["Agent", "HAModels", "Networking", "Transport", "LoopbackTestSupport", "Essentials", "EssentialsTestSupport"]),
    ("DeviceModelTests", ["DeviceModel", "HAModels", "Essentials"]),
    ("ThreadTests", ["Thread"]),
    ("ImprovTests", ["Improv", "DBus"]),
    ("DBusTests", ["DBus", "DBusTestSupport"]),
    ("MQTTTests", ["MQTT"]),
    ("ControlsTests", ["Agent", "MQTT", "MQTTPlugin", "SystemControlsPlugin", "ScriptSensorsPlugin", "HAModels", "PluginHost", "Essentials", "EssentialsTestSupport"]),
    ("CompanionPluginTests", ["AssistPlugin", "LocationPlugin", "ZonesPlugin", "ConnectionPlugin", "AgentPlugin", "Agent", "HAModels", "PluginHost", "Essentials", "LinksPlugin", "TrayPlugin", "Tray"]),
    ("DesktopNotificationsPluginTests", ["DesktopNotificationsPlugin", "Agent", "DBus", "Essentials"]),
    ("PushRelayTests", ["PushRelay", "CRelayCrypto", "LoopbackTestSupport", "Persistence", "Essentials", "EssentialsTestSupport"]),
    ("CLIKitTests", ["CLIKit", "CLIKitTestSupport"]),
    ("HomeCLITests", ["HomeCLI", "CLIKit", "CLIKitTestSupport", "Essentials", "PluginHost", "EssentialsTestSupport"]),
    ("SessionPluginTests", ["SessionPlugin", "CLIKit", "CLIKitTestSupport", "HomeAPI"]),
    ("AddedPluginTests", ["HomeCLI", "CLIKit", "CLIKitTestSupport", "Essentials", "EssentialsTestSupport", "PluginHost", "HomePluginKit", "AgentContract", "Agent"]),
    ("PushRelayCLITests", ["PushRelayCLI", "CLIKit", "CLIKitTestSupport", "Essentials"]),
    ("DesktopTests", ["Desktop"]),
    ("DiscoveryTests", ["Discovery", "DBus"]),
    ("MatterTests", ["Matter"]),
    ("WindowBridgeTests", ["WindowBridge", "Essentials", "HADesignTokens", "HAModels"]),
    ("ToolingTests", ["EssentialsTestSupport"]),
].map { name, dependencies in
    .testTarget(
        name: name, dependencies: dependencies.map { .target(name: $0) }, path: "Tests/\(name)",
        // Captured JSON and golden pairs, read by path.
        exclude: ["HAModelsTests": ["Fixtures"], "PushRelayTests": ["Golden"], "ThreadTests": ["Fixtures"]][name] ?? []
    )
}

let testHelperTargets: [Target] = [
    .executableTarget(name: "persistence-crash-writer", dependencies: ["Persistence"], path: "Tests/PersistenceCrashWriter"),
]

let integrationTestTargets: [Target] = [
    .testTarget(
        name: "IntegrationTests",
        dependencies: [
            "HomeCLI", "CLIKit", "CLIKitTestSupport", "ConnectionContract", "Essentials", "PluginHost", "EssentialsTestSupport", "HAModels", "Networking", "Transport", "Auth", "HomeAPI",
            "PushRelay", "LoopbackTestSupport", "Agent", "DeviceModel", "Thread", "Improv", "DBus", "MQTT", "MQTTPlugin", "DBusTestSupport",
            "CompanionWindow", "WindowBridge", "WindowUIPlugin", "SessionPlugin", "SessionContract", "AgentPlugin", "AgentContract", "LinuxSensorsPlugin",
            "ConnectionPlugin", "ThreadPlugin", "ThreadContract", "Discovery", "MatterPlugin", "WindowContract", "HomePluginKit", "SystemControlsPlugin",
        ],
        path: "Tests/IntegrationTests"
    ),
]

let package = Package(
    name: "HomeCompanion",
    platforms: [.macOS(.v14)],
    products: products,
    targets: cTargets + moduleTargets + contractTargets + pluginTargets + appTargets + benchmarkTargets + unitTestTargets + testHelperTargets + integrationTestTargets
)
