import CWebKitGTK

/// What a dialog button's `clicked` handler points to: the action it runs. The dialog keeps its
/// targets as long as its buttons live.
final class DialogTarget {
    let action: () -> Void

    private init(action: @escaping () -> Void) {
        self.action = action
    }

    /// Runs `action` when `button` is clicked; keep the target returned.
    static func connect(_ button: UnsafeMutablePointer<GtkWidget>?, _ action: @escaping () -> Void) -> DialogTarget? {
        guard let button else { return nil }
        let target = DialogTarget(action: action)
        let clicked: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
            guard let data else { return }
            Unmanaged<DialogTarget>.fromOpaque(data).takeUnretainedValue().action()
        }
        _ = hc_signal_connect(UnsafeMutableRawPointer(button), "clicked", unsafeBitCast(clicked, to: GCallback.self), Unmanaged.passUnretained(target).toOpaque())
        return target
    }
}
