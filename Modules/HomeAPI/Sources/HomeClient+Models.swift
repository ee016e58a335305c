import FoundationEssentials

extension HomeClient {
    /// The device model of the server `key`, made on first use and shared by every `Home` of it.
    func liveModel(for key: String) -> LiveDeviceModel {
        state.withLock { state in
            if let model = state.models[key] { return model }
            let model = LiveDeviceModel()
            state.models[key] = model
            return model
        }
    }

    /// Stops and drops the device model of the server `key`, when it is forgotten.
    func dropModel(for key: String) async {
        let model = state.withLock { $0.models.removeValue(forKey: key) }
        await model?.stop()
    }

    /// A signal now and whenever a server is signed in to or forgotten through this client.
    func serverChanges() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let key = UUID()
        state.withLock { $0.serverWatchers[key] = continuation }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.serverWatchers.removeValue(forKey: key) }
        }
        continuation.yield()
        return stream
    }

    /// Tells every ``serverChanges()`` reader that the set of servers changed.
    func serversChanged() {
        let watchers = state.withLock { Array($0.serverWatchers.values) }
        for watcher in watchers { watcher.yield() }
    }
}
