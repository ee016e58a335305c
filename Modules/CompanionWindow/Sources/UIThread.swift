import CWebKitGTK

/// The one hop from Swift concurrency to the UI: the GLib main loop owns the UI thread and does
/// not run Swift's main-actor queue, so work for GTK or WebKit from any task goes through
/// ``perform(_:)``, which runs it on the GLib main context at its next idle moment.
public enum UIThread {
    private final class Work: @unchecked Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    /// Runs `work` on the UI thread, after what the loop is doing now.
    public static func perform(_ work: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Work(work)).toOpaque()
        _ = g_idle_add_full(G_PRIORITY_DEFAULT, { data in
            guard let data else { return 0 }
            Unmanaged<Work>.fromOpaque(data).takeRetainedValue().run()
            return 0  // G_SOURCE_REMOVE: once
        }, box, nil)
    }

    /// Runs the loop on this (the UI) thread until `done` returns true or `seconds` pass; for a
    /// program that drives the window itself (tests, a screenshot) instead of `g_main_loop_run`.
    /// Returns whether `done` became true.
    @discardableResult
    public static func iterate(seconds: Double, until done: () -> Bool) -> Bool {
        let deadline = g_get_monotonic_time() + gint64(seconds * 1_000_000)
        while !done() {
            guard g_get_monotonic_time() < deadline else { return false }
            if g_main_context_iteration(nil, 0) == 0 { g_usleep(5_000) }
        }
        return true
    }
}
