import Essentials

extension HomeAssistantConnection {
    /// Whether the (started) connection is ready within `seconds`; false at once when the server
    /// refuses its authentication for good.
    public func becomesReady(within seconds: Double) async -> Bool {
        let states = stateUpdates()
        return await Timeout.value(within: seconds, otherwise: false) {
            for await state in states {
                if case .ready = state { return true }
                if case .disconnected(let reason?) = state, case .authenticationFailed = reason { return false }
            }
            return false
        }
    }
}
