import CWebKitGTK

/// What a dialog button's `clicked` handler (or a file chooser's `response`) points to: the action
/// it runs. The dialog keeps its targets as long as its buttons live.
final class DialogTarget {
    let action: () -> Void

    private init(action: @escaping () -> Void) {
        self.action = action
    }

    /// Runs `action` when `button` is clicked (or `widget` sends another signal of that shape, such
    /// as `destroy`); keep the target returned.
    static func connect(_ button: UnsafeMutablePointer<GtkWidget>?, signal: String = "clicked", _ action: @escaping () -> Void) -> DialogTarget? {
        guard let button else { return nil }
        let target = DialogTarget(action: action)
        let clicked: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
            guard let data else { return }
            Unmanaged<DialogTarget>.fromOpaque(data).takeUnretainedValue().action()
        }
        _ = hc_signal_connect(UnsafeMutableRawPointer(button), signal, unsafeBitCast(clicked, to: GCallback.self), Unmanaged.passUnretained(target).toOpaque())
        return target
    }

    /// Runs `action` when the native dialog `chooser` answers (whatever the answer; the action
    /// reads it); keep the target returned.
    static func connectResponse(_ chooser: UnsafeMutableRawPointer, _ action: @escaping () -> Void) -> DialogTarget {
        let target = DialogTarget(action: action)
        let responded: @convention(c) (gpointer?, Int32, gpointer?) -> Void = { _, _, data in
            guard let data else { return }
            Unmanaged<DialogTarget>.fromOpaque(data).takeUnretainedValue().action()
        }
        _ = hc_signal_connect(chooser, "response", unsafeBitCast(responded, to: GCallback.self), Unmanaged.passUnretained(target).toOpaque())
        return target
    }
}
