import CWebKitGTK
import WindowBridge

/// The native dialog `thread/import_credentials` opens: the companion's Thread networks in a list,
/// *Share* and *Cancel*. Keyboard and mouse drive it as any GTK dialog; ``choose(_:)``,
/// ``confirm()`` and ``cancel()`` are the same actions for a program. UI thread only.
public final class ThreadImportDialog: @unchecked Sendable {
    /// The networks listed, in order.
    public let networks: [OfferedNetwork]
    /// What became of it: nil while open, then `shared NAME`, `cancelled` or `failed: …`.
    public private(set) var outcome: String?
    let window: UnsafeMutablePointer<GtkWidget>
    private let list: UnsafeMutablePointer<GtkWidget>
    private let status: UnsafeMutablePointer<GtkWidget>
    private let share: (OfferedNetwork, @escaping @Sendable (String) -> Void) -> Void
    private var targets: [DialogTarget] = []
    /// Whether the window is gone (closed by its title bar, or by the dialog itself).
    private var closed = false

    /// Opens the dialog over `parent`; `share` is called with the chosen network and a completion
    /// taking the outcome's text.
    init(parent: UnsafeMutablePointer<GtkWidget>, server: String, networks: [OfferedNetwork], share: @escaping (OfferedNetwork, @escaping @Sendable (String) -> Void) -> Void) {
        self.networks = networks
        self.share = share
        list = gtk_list_box_new()
        status = gtk_label_new(networks.isEmpty ? "This companion has no Thread networks yet ('home thread new' or 'home thread import')." : "")
        let (dialogWindow, box) = DialogWindow.make(parent: parent, title: "Share a Thread network", width: 420, height: 320, spacing: 12)
        window = dialogWindow
        gtk_box_append(hc_gtk_box(box), gtk_label_new("Choose the network to share with \(server):"))
        for network in networks {
            gtk_list_box_append(hc_gtk_list_box(list), gtk_label_new(network.label))
        }
        gtk_widget_set_vexpand(list, 1)
        gtk_box_append(hc_gtk_box(box), list)
        gtk_box_append(hc_gtk_box(box), status)
        let buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)
        gtk_widget_set_halign(buttons, GTK_ALIGN_END)
        let cancelButton = gtk_button_new_with_label("Cancel")
        let shareButton = gtk_button_new_with_label("Share")
        gtk_box_append(hc_gtk_box(buttons), cancelButton)
        gtk_box_append(hc_gtk_box(buttons), shareButton)
        gtk_widget_set_sensitive(shareButton, networks.isEmpty ? 0 : 1)
        gtk_box_append(hc_gtk_box(box), buttons)
        if !networks.isEmpty { choose(0) }
        if let target = DialogTarget.connect(window, signal: "destroy", { [unowned self] in closed = true }) { targets.append(target) }
        connect(shareButton, confirms: true)
        connect(cancelButton, confirms: false)
        gtk_window_present(hc_gtk_window(window))
    }

    /// Selects the network at `index`.
    public func choose(_ index: Int) {
        guard let row = gtk_list_box_get_row_at_index(hc_gtk_list_box(list), Int32(index)) else { return }
        gtk_list_box_select_row(hc_gtk_list_box(list), row)
    }

    /// Shares the selected network, as the *Share* button does.
    public func confirm() {
        guard outcome == nil, let row = gtk_list_box_get_selected_row(hc_gtk_list_box(list)) else { return }
        let network = networks[Int(gtk_list_box_row_get_index(row))]
        gtk_label_set_text(hc_gtk_label(status), "Sharing \(network.label)…")
        share(network) { [self] said in
            outcome = said
            if !closed { gtk_window_destroy(hc_gtk_window(window)) }
        }
    }

    /// Closes without sharing, as *Cancel* does.
    public func cancel() {
        guard outcome == nil, !closed else { return }
        outcome = "cancelled"
        gtk_window_destroy(hc_gtk_window(window))
    }

    /// Whether its window is still open.
    public var isOpen: Bool { !closed }

    /// Raises it (asked again while it is open).
    func present() {
        gtk_window_present(hc_gtk_window(window))
    }

    private func connect(_ button: UnsafeMutablePointer<GtkWidget>?, confirms: Bool) {
        guard let target = DialogTarget.connect(button, { [unowned self] in confirms ? confirm() : cancel() }) else { return }
        targets.append(target)
    }
}
