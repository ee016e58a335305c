import Foundation

/// Registrations per IP address per hour, so one address cannot fill the relay's registration
/// limit. The table of addresses is itself bounded: once it holds `addresses` entries, new
/// addresses are refused until the hour turns.
final class RegistrationLimiter: @unchecked Sendable {
    private let perHour: Int
    private let addresses: Int
    // Guarded by `lock`.
    private var hour = -1
    private var counts: [String: Int] = [:]
    private let lock = NSLock()

    init(perHour: Int, addresses: Int = 65_536) {
        self.perHour = perHour
        self.addresses = addresses
    }

    /// Takes one registration for `address` at `date`; false when it has used its hour's.
    func take(_ address: String, at date: Date) -> Bool {
        let current = Int(date.timeIntervalSince1970 / 3600)
        return lock.withLock {
            if current != hour {
                hour = current
                counts = [:]
            }
            let used = counts[address]
            guard used != nil || counts.count < addresses, (used ?? 0) < perHour else { return false }
            counts[address] = (used ?? 0) + 1
            return true
        }
    }
}
