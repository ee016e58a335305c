import CWebKitGTK
import Foundation

/// A PNG of a native window as GTK draws it (the renderer of its surface), for a test or a person
/// to look at: the web view has its own snapshot; a dialog has this. UI thread only.
public enum WidgetPicture {
    /// Writes `widget` as drawn now to `file`; false when it has no size or surface yet.
    public static func save(_ widget: UnsafeMutablePointer<GtkWidget>, to file: URL) -> Bool {
        let width = gtk_widget_get_width(widget), height = gtk_widget_get_height(widget)
        guard width > 0, height > 0, let native = gtk_widget_get_native(widget), let renderer = gtk_native_get_renderer(native),
              let paintable = gtk_widget_paintable_new(widget) else { return false }
        defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        guard let snapshot = gtk_snapshot_new() else { return false }
        gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
        guard let node = gtk_snapshot_free_to_node(snapshot) else { return false }
        defer { gsk_render_node_unref(node) }
        guard let texture = gsk_renderer_render_texture(renderer, node, nil) else { return false }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        return gdk_texture_save_to_png(texture, file.path) != 0
    }
}
