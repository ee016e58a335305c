import CWebKitGTK

/// GTK for the window: started once, on the thread that becomes the UI thread.
public enum WindowToolkit {
    /// Starts GTK on this thread; false when no display can be opened (no `DISPLAY` or
    /// `WAYLAND_DISPLAY`, or the server refuses).
    public static func start() -> Bool {
        gtk_init_check() != 0
    }
}
