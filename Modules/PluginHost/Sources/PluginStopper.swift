import Essentials
/// Runs a plugin's `stop()` with a deadline, so one stuck plugin cannot hold the others.
enum PluginStopper {
    /// Whether `plugin` stopped within `timeout`. A late stop keeps running on its own.
    static func stop(_ plugin: any Plugin, within timeout: Duration) async -> Bool {
        let race = StopRace()
        return await withCheckedContinuation { continuation in
            race.install(continuation)
            let deadline = Task {
                // Cancelled once the stop finished; either way only the first finish counts.
                try? await Current.sleep(Double(timeout.components.seconds) + Double(timeout.components.attoseconds) * 1e-18)
                race.finish(false)
            }
            Task {
                await plugin.stop()
                race.finish(true)
                deadline.cancel()
            }
        }
    }
}
