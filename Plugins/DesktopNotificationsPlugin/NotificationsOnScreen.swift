import Agent

/// The notifications the desktop shows, by the server's id and by tag, so a button press finds
/// its notification and a notification with a known tag replaces its predecessor. Holds at most
/// `capacity` (the oldest is forgotten first).
struct NotificationsOnScreen {
    let capacity: Int
    private var byServerID: [UInt32: ShownNotification] = [:]
    private var serverIDByTag: [String: UInt32] = [:]
    private var order: [UInt32] = []

    init(capacity: Int) {
        self.capacity = capacity
    }

    func shown(serverID: UInt32) -> ShownNotification? { byServerID[serverID] }

    func serverID(tag: String) -> UInt32? { serverIDByTag[tag] }

    mutating func insert(_ shown: ShownNotification, serverID: UInt32, tag: String?) {
        if byServerID.updateValue(shown, forKey: serverID) == nil { order.append(serverID) }
        if let tag { serverIDByTag[tag] = serverID }
        while order.count > capacity { remove(serverID: order[0]) }
    }

    mutating func remove(serverID: UInt32) {
        byServerID[serverID] = nil
        order.removeAll { $0 == serverID }
        serverIDByTag = serverIDByTag.filter { $0.value != serverID }
    }
}
