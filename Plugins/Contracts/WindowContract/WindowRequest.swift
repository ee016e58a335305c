import Essentials
import FoundationEssentials
import HomeAPI

/// What `home window` asks the frontend to show.
public struct WindowRequest: Sendable {
    /// The signed-in server.
    public let home: Home
    /// The frontend path to open, such as `/lovelace/0` or `/config/integrations`.
    public let path: String
    /// The entity whose more-info dialog opens on the page, if any.
    public let entity: String?
    /// Whether the companion's settings page opens instead of `path`.
    public let settings: Bool
    /// Whether closing the window closes it even while a tray runs (`--no-tray`), instead of hiding it.
    public let closesWithoutTray: Bool
    /// Where to write a PNG of the window once the frontend is connected, after which it closes
    /// (for `tools/demo`, the benchmarks and bug reports); nil for a window people keep open.
    public let screenshot: URL?
    /// Where the window's lines go (the redacting logger).
    public let logger: Logger

    /// Creates a request.
    public init(
        home: Home, path: String, entity: String? = nil, settings: Bool = false, closesWithoutTray: Bool = false, screenshot: URL?, logger: Logger
    ) {
        self.home = home
        self.path = path
        self.entity = entity
        self.settings = settings
        self.closesWithoutTray = closesWithoutTray
        self.screenshot = screenshot
        self.logger = logger
    }
}
