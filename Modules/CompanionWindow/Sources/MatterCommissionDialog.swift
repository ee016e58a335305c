import CWebKitGTK
import Foundation
import WindowBridge

/// The native dialog the frontend's "Add Matter device" (`matter/commission`) opens: the setup
/// code (typed, or read from a photo of the label chosen with *From a photo…*), the network the device joins (the server's preferred Thread network, another stored one,
/// Wi-Fi with its name and password, or none), *Add* and *Cancel*, and a line that shows the
/// progress and the result. Keyboard and mouse drive it as any GTK dialog; ``enter(code:)``,
/// ``usePicture(_:)``, ``choose(_:)``, ``enterWiFi(ssid:password:)``, ``confirm()`` and ``cancel()`` are the same
/// actions for a program. On success it closes and the frontend finds the new device by itself;
/// on failure it stays open with the reason. UI thread only.
public final class MatterCommissionDialog: @unchecked Sendable {
    /// The networks listed, in order, with what each means.
    public let choices: [(label: String, network: MatterNetworkChoice?)]
    /// What became of it: nil while open or commissioning, then `added …`, `failed: …` or `cancelled`.
    public private(set) var outcome: String?
    let window: UnsafeMutablePointer<GtkWidget>
    private let code: UnsafeMutablePointer<GtkWidget>
    private let list: UnsafeMutablePointer<GtkWidget>
    private let ssid: UnsafeMutablePointer<GtkWidget>
    private let password: UnsafeMutablePointer<GtkWidget>
    private let status: UnsafeMutablePointer<GtkWidget>
    private let addButton: UnsafeMutablePointer<GtkWidget>
    private let commission: (String, MatterNetworkChoice, @escaping @Sendable (String) -> Void, @escaping @Sendable (Result<String, any Error>) -> Void) -> Void
    private let readPicture: (String) throws -> String
    private var targets: [DialogTarget] = []
    /// The file chooser while it is open.
    private var chooser: OpaquePointer?
    private var running = false
    /// Whether the window is gone (closed by its title bar, by *Cancel*, or after success).
    private var closed = false

    /// Opens the dialog over `parent`; `commission` is called with the code, the network, a
    /// progress line handler and a completion (both called on the UI thread by the caller).
    init(
        parent: UnsafeMutablePointer<GtkWidget>, server: String, threadNetworks: [OfferedNetwork], readPicture: @escaping (String) throws -> String,
        commission: @escaping (String, MatterNetworkChoice, @escaping @Sendable (String) -> Void, @escaping @Sendable (Result<String, any Error>) -> Void) -> Void
    ) {
        self.readPicture = readPicture
        choices = [("The Thread network the server prefers", .preferredThread)] + threadNetworks.map { ("Thread: \($0.label)", .thread(id: $0.id)) }
            + [("Wi-Fi (its name and password below)", nil), ("None: the device is on the network already", .onNetwork)]
        self.commission = commission
        code = gtk_entry_new()
        list = gtk_list_box_new()
        ssid = gtk_entry_new()
        password = gtk_password_entry_new()
        status = gtk_label_new("")
        addButton = gtk_button_new_with_label("Add")
        let (dialogWindow, box) = DialogWindow.make(parent: parent, title: "Add a Matter device", width: 480, height: 440, spacing: 10)
        window = dialogWindow
        gtk_box_append(hc_gtk_box(box), gtk_label_new("The setup code on the device or its box, for \(server):"))
        gtk_entry_set_placeholder_text(UnsafeMutableRawPointer(code).assumingMemoryBound(to: GtkEntry.self), "MT:… or 3497-011-2332")
        gtk_box_append(hc_gtk_box(box), code)
        let pictureButton = gtk_button_new_with_label("From a photo of the label…")
        gtk_widget_set_halign(pictureButton, GTK_ALIGN_START)
        gtk_box_append(hc_gtk_box(box), pictureButton)
        gtk_box_append(hc_gtk_box(box), gtk_label_new("The network it joins:"))
        for choice in choices { gtk_list_box_append(hc_gtk_list_box(list), gtk_label_new(choice.label)) }
        gtk_widget_set_vexpand(list, 1)
        gtk_box_append(hc_gtk_box(box), list)
        gtk_entry_set_placeholder_text(UnsafeMutableRawPointer(ssid).assumingMemoryBound(to: GtkEntry.self), "Wi-Fi network name")
        gtk_box_append(hc_gtk_box(box), ssid)
        gtk_box_append(hc_gtk_box(box), password)
        gtk_label_set_wrap(hc_gtk_label(status), 1)
        gtk_box_append(hc_gtk_box(box), status)
        let buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)
        gtk_widget_set_halign(buttons, GTK_ALIGN_END)
        let cancelButton = gtk_button_new_with_label("Cancel")
        gtk_box_append(hc_gtk_box(buttons), cancelButton)
        gtk_box_append(hc_gtk_box(buttons), addButton)
        gtk_box_append(hc_gtk_box(box), buttons)
        choose(0)
        let actions: [(UnsafeMutablePointer<GtkWidget>?, () -> Void)] = [
            (addButton, { [unowned self] in confirm() }), (cancelButton, { [unowned self] in cancel() }), (pictureButton, { [unowned self] in choosePicture() }),
        ]
        if let target = DialogTarget.connect(window, signal: "destroy", { [unowned self] in closed = true }) { targets.append(target) }
        for (button, action) in actions {
            if let target = DialogTarget.connect(button, action) { targets.append(target) }
        }
        gtk_window_present(hc_gtk_window(window))
    }

    /// Writes the dialog as drawn now to `file` (a PNG); false before it is drawn.
    public func picture(to file: URL) -> Bool {
        WidgetPicture.save(window, to: file)
    }

    /// The line under the choices: progress, then the result.
    public var statusText: String {
        gtk_label_get_text(hc_gtk_label(status)).map { String(cString: $0) } ?? ""
    }

    /// Types `text` as the setup code.
    public func enter(code text: String) {
        gtk_editable_set_text(hc_gtk_editable(code), text)
    }

    /// Reads the code from the picture at `path` into the code's field, as choosing it with *From a
    /// photo…* does; a picture without a Matter QR code is said in the status line.
    public func usePicture(_ path: String) {
        do {
            let found = try readPicture(path)
            enter(code: found)
            show("Read \(found) from the photo.")
        } catch {
            show("\(error)")
        }
    }

    /// Selects the network at `index` of ``choices``.
    public func choose(_ index: Int) {
        guard let row = gtk_list_box_get_row_at_index(hc_gtk_list_box(list), Int32(index)) else { return }
        gtk_list_box_select_row(hc_gtk_list_box(list), row)
    }

    /// Types the Wi-Fi network's name and password.
    public func enterWiFi(ssid name: String, password secret: String) {
        gtk_editable_set_text(hc_gtk_editable(ssid), name)
        gtk_editable_set_text(hc_gtk_editable(password), secret)
    }

    /// Commissions with what is entered, as *Add* does.
    public func confirm() {
        guard !running, let row = gtk_list_box_get_selected_row(hc_gtk_list_box(list)) else { return }
        let typed = Self.text(of: code)
        guard !typed.isEmpty else { return show("Type the setup code first.") }
        let network: MatterNetworkChoice
        if let chosen = choices[Int(gtk_list_box_row_get_index(row))].network {
            network = chosen
        } else {
            let name = Self.text(of: ssid)
            guard !name.isEmpty else { return show("Type the Wi-Fi network's name first.") }
            network = .wifi(ssid: name, password: Self.text(of: password))
        }
        running = true
        outcome = nil
        gtk_widget_set_sensitive(addButton, 0)
        show("Commissioning… this takes a minute or more.")
        commission(typed, network, { [self] line in if !closed { show(line) } }) { [self] result in
            running = false
            // Closed meanwhile: the commissioning went on on the server; only its outcome is kept.
            if closed { return outcome = (try? result.get()).map { "added \($0)" } ?? "failed after the dialog closed" }
            switch result {
            case .success(let added):
                outcome = "added \(added)"
                gtk_window_destroy(hc_gtk_window(window))
            case .failure(let error):
                outcome = "failed: \(error)"
                show("\(error)")
                gtk_widget_set_sensitive(addButton, 1)
            }
        }
    }

    /// Closes without commissioning, as *Cancel* does (a commissioning under way goes on on the server).
    public func cancel() {
        guard !closed else { return }
        outcome = "cancelled"
        gtk_window_destroy(hc_gtk_window(window))
    }

    /// Whether its window is still open.
    public var isOpen: Bool { !closed }

    /// Raises it (asked again while it is open).
    func present() {
        gtk_window_present(hc_gtk_window(window))
    }

    /// Opens the desktop's file chooser for a photo of the label.
    private func choosePicture() {
        guard chooser == nil, let native = gtk_file_chooser_native_new("A photo of the label (PNG)", hc_gtk_window(window), GTK_FILE_CHOOSER_ACTION_OPEN, "Open", "Cancel") else { return }
        chooser = native
        targets.append(DialogTarget.connectResponse(UnsafeMutableRawPointer(native)) { [unowned self] in
            if let file = gtk_file_chooser_get_file(hc_gtk_file_chooser(UnsafeMutableRawPointer(native))) {
                if let path = g_file_get_path(file) {
                    usePicture(String(cString: path))
                    g_free(path)
                }
                g_object_unref(UnsafeMutableRawPointer(file))
            }
            chooser = nil
            g_object_unref(UnsafeMutableRawPointer(native))
        })
        gtk_native_dialog_show(hc_gtk_native_dialog(UnsafeMutableRawPointer(native)))
    }

    private func show(_ line: String) {
        gtk_label_set_text(hc_gtk_label(status), line)
    }

    private static func text(of entry: UnsafeMutablePointer<GtkWidget>) -> String {
        gtk_editable_get_text(hc_gtk_editable(entry)).map { String(cString: $0) }?.trimmingCharacters(in: .whitespaces) ?? ""
    }
}
