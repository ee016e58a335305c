import Foundation

/// Counts the open connections, in total and per IP address, for every event loop of the
/// server: a connection past either limit is closed as soon as it is accepted.
final class ConnectionAdmission: @unchecked Sendable {
    private let total: Int
    private let perAddress: Int
    // Guarded by `lock`.
    private var open = 0
    private var byAddress: [String: Int] = [:]
    private let lock = NSLock()

    init(total: Int, perAddress: Int) {
        self.total = total
        self.perAddress = perAddress
    }

    /// Whether a new connection from `address` may be served; if so it counts until ``release(_:)``.
    func admit(_ address: String) -> Bool {
        lock.withLock {
            let fromAddress = byAddress[address, default: 0]
            guard open < total, fromAddress < perAddress else { return false }
            open += 1
            byAddress[address] = fromAddress + 1
            return true
        }
    }

    func release(_ address: String) {
        lock.withLock {
            open -= 1
            let left = byAddress[address, default: 1] - 1
            byAddress[address] = left > 0 ? left : nil
        }
    }
}
