import Foundation

/// Counts the open connections, in total and per client (an IPv4 address, an IPv6 /64), for
/// every event loop of the server: a connection past either limit is closed as soon as it is
/// accepted. A trusted proxy's connections count in the total only; once a PROXY protocol
/// header names the client behind one, it counts for that client too.
final class ConnectionAdmission: @unchecked Sendable {
    private let total: Int
    private let perAddress: Int
    // Guarded by `lock`.
    @exclusivity(unchecked) private var open = 0
    @exclusivity(unchecked) private var byAddress: [String: Int] = [:]
    private let lock = NSLock()

    init(total: Int, perAddress: Int) {
        self.total = total
        self.perAddress = perAddress
    }

    /// Whether a new connection from `key` (nil: counted in the total only) may be served; if so
    /// it counts until ``release(_:)``.
    func admit(_ key: String?) -> Bool {
        lock.withLock {
            guard open < total, key.map({ byAddress[$0, default: 0] < perAddress }) ?? true else { return false }
            open += 1
            if let key { byAddress[key, default: 0] += 1 }
            return true
        }
    }

    /// Counts an admitted connection counted in the total only for `key` as well; false (and
    /// nothing counted) when `key` holds its share already.
    func attribute(to key: String) -> Bool {
        lock.withLock {
            guard byAddress[key, default: 0] < perAddress else { return false }
            byAddress[key, default: 0] += 1
            return true
        }
    }

    func release(_ key: String?) {
        lock.withLock {
            open -= 1
            guard let key else { return }
            let left = byAddress[key, default: 1] - 1
            byAddress[key] = left > 0 ? left : nil
        }
    }
}
