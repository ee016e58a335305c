import CWebKitGTK

/// The frame of the window's native dialogs: a modal window over `parent` with `title`, and the
/// vertical box with an 18-pixel margin that holds its content.
enum DialogWindow {
    /// The window (not yet shown) and its content box.
    static func make(
        parent: UnsafeMutablePointer<GtkWidget>, title: String, width: Int32, height: Int32, spacing: Int32
    ) -> (window: UnsafeMutablePointer<GtkWidget>, box: UnsafeMutablePointer<GtkWidget>) {
        let window: UnsafeMutablePointer<GtkWidget> = gtk_window_new()
        gtk_window_set_title(hc_gtk_window(window), title)
        gtk_window_set_transient_for(hc_gtk_window(window), hc_gtk_window(parent))
        gtk_window_set_modal(hc_gtk_window(window), 1)
        gtk_window_set_default_size(hc_gtk_window(window), width, height)
        let box: UnsafeMutablePointer<GtkWidget> = gtk_box_new(GTK_ORIENTATION_VERTICAL, spacing)
        for setMargin in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start, gtk_widget_set_margin_end] { setMargin(box, 18) }
        gtk_window_set_child(hc_gtk_window(window), box)
        return (window, box)
    }
}
