import CWebKitGTK
import Foundation

extension WindowController {
    /// Shows the window at `path` (with `entity`'s more-info dialog, when given), or the settings
    /// page, and runs the GLib main loop on this (the UI) thread until the user closes it; its size
    /// comes from `geometryFile` and goes back there when it closes. While `hidesOnClose` says so (a
    /// tray runs), closing hides the window instead, and ``closeIfHidden()`` ends it later. With
    /// `hidden` the page loads in a window that stays hidden until shown (its tray keeps it).
    public func runUntilClosed(
        path: String, entity: String? = nil, settings: Bool = false, geometryFile: URL, hidden: Bool = false, hidesOnClose: @escaping () -> Bool = { false }
    ) {
        let loop = g_main_loop_new(nil, 0)
        defer { g_main_loop_unref(loop) }
        WindowGeometry.load(from: geometryFile).apply(to: view.window)
        let quit = { [view, logger] in
            do {
                try WindowGeometry.of(view.window).save(to: geometryFile)
            } catch {
                logger.warning("the window's size was not saved: \(error)")
            }
            g_main_loop_quit(loop)
        }
        quitLoop = quit
        defer { quitLoop = nil }
        view.onClose = { [view, logger] in
            guard hidesOnClose() else { return quit() }
            view.hide()
            logger.info("the window is hidden: the tray keeps it (its menu opens it again; 'home window --no-tray' closes for good)")
        }
        if hidden { view.hide() } else { view.present() }
        if settings { view.showSettings() } else { view.load(path: path, entity: entity) }
        g_main_loop_run(loop)
    }

    /// Ends the run whether the window is shown or hidden (another window takes its place).
    public func end() {
        quitLoop?()
    }

    /// Ends the run of a hidden window (the tray that kept it went away); a shown one stays.
    public func closeIfHidden() {
        guard view.isHidden else { return }
        logger.info("the tray went away: the hidden window closes")
        quitLoop?()
    }

    /// Shows the window at `path` (with `entity`'s dialog, when given), waits until the frontend is
    /// connected and has drawn, writes a PNG of it to `file`, and returns; throws when the frontend
    /// does not connect in `seconds`.
    public func screenshotWhenConnected(path: String, entity: String? = nil, to file: URL, within seconds: Double = 90, settle: Double = 4) throws {
        view.present()
        view.load(path: path, entity: entity)
        guard UIThread.iterate(seconds: seconds, until: { connection == "connected" || isSignedOut }), connection == "connected" else {
            throw WindowRunError("the frontend did not connect to \(view.server.absoluteString) within \(Int(seconds)) s (it is \(connection))")
        }
        UIThread.iterate(seconds: settle) { false }
        var written: Bool?
        view.snapshot(to: file) { written = $0 }
        guard UIThread.iterate(seconds: 30, until: { written != nil }), written == true else {
            throw WindowRunError("the window's snapshot could not be written to \(file.path)")
        }
    }
}
