import CWebKitGTK

/// GTK for the window: started once, on the thread that becomes the UI thread.
public enum WindowToolkit {
    /// The application id the desktop knows the window by (its `.desktop` file, icon and class).
    public static let applicationID = "io.homecompanion.Window"

    /// Starts GTK on this thread; false when no display can be opened (no `DISPLAY` or
    /// `WAYLAND_DISPLAY`, or the server refuses).
    public static func start() -> Bool {
        g_set_prgname(applicationID)
        // The page has the user's language from the server; the process keeps the C locale, so
        // numbers the rest of the program formats and parses do not change with LANG.
        gtk_disable_setlocale()
        guard gtk_init_check() != 0 else { return false }
        gtk_window_set_default_icon_name(applicationID)
        return true
    }
}
