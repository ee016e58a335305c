import CWebKitGTK
import Essentials
import Foundation

/// The window's size and whether it was maximized, kept between runs in a file of the user's.
/// Its position is the desktop's to choose: GTK 4 has no way to place a window (Wayland gives
/// clients none), so only the size comes back.
public struct WindowGeometry: Codable, Sendable, Equatable {
    /// The size, in logical pixels.
    public var width: Int
    public var height: Int
    /// Whether it was maximized.
    public var maximized: Bool

    /// The size a first window opens with.
    public static let standard = WindowGeometry(width: 1280, height: 900, maximized: false)

    /// Creates a geometry.
    public init(width: Int, height: Int, maximized: Bool) {
        self.width = width
        self.height = height
        self.maximized = maximized
    }

    /// The saved geometry in `file`, or the standard one when there is none or it is unusable.
    static func load(from file: URL) -> WindowGeometry {
        guard let saved = try? JSONFileStore<WindowGeometry>(file: file, maximumSize: 4_096).load(),
              (320...16_384).contains(saved.width), (240...16_384).contains(saved.height) else { return .standard }
        return saved
    }

    /// The geometry `window` has now.
    static func of(_ window: UnsafeMutablePointer<GtkWidget>) -> WindowGeometry {
        var width: Int32 = 0
        var height: Int32 = 0
        gtk_window_get_default_size(hc_gtk_window(window), &width, &height)
        return WindowGeometry(width: Int(width), height: Int(height), maximized: gtk_window_is_maximized(hc_gtk_window(window)) != 0)
    }

    /// Gives `window` this geometry before it is shown.
    func apply(to window: UnsafeMutablePointer<GtkWidget>) {
        gtk_window_set_default_size(hc_gtk_window(window), Int32(width), Int32(height))
        if maximized { gtk_window_maximize(hc_gtk_window(window)) }
    }

    func save(to file: URL) throws {
        try JSONFileStore<WindowGeometry>(file: file, maximumSize: 4_096).save(self)
    }
}
