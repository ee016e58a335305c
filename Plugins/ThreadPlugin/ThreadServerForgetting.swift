import Essentials
import HomeAPI

/// When a server is forgotten, the Thread network keys it gave go with it, unless they were
/// made or imported here, or another signed-in server holds them too.
struct ThreadServerForgetting: ServerForgetting {
    let services: ThreadServices

    func forget(_ home: Home) async {
        do {
            let removed = try services.store().forget(server: "\(home.server)")
            if removed > 0 { Current.logger("thread").info("removed \(removed) Thread dataset(s) \(home.server) gave") }
        } catch {
            Current.logger("thread").error("cannot remove the Thread datasets \(home.server) gave: \(error)")
        }
    }
}
