import Essentials
import FoundationEssentials
import Glibc

/// The first IPv4 address of an interface that is up and not loopback; unavailable without a
/// network link.
struct NetworkAddressSensor: LinuxSensor {
    let definition = SensorDefinition(uniqueID: "ipv4_address", name: "IPv4 address", deviceClass: nil, stateClass: nil, unit: nil, icon: "mdi:ip-network", entityCategory: "diagnostic")

    func read(root: URL) -> JSONValue? {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return nil }
        defer { freeifaddrs(list) }
        var entry: UnsafeMutablePointer<ifaddrs>? = first
        while let current = entry {
            entry = current.pointee.ifa_next
            let flags = Int32(current.pointee.ifa_flags)
            guard flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0,
                  let address = current.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET) else { continue }
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            guard getnameinfo(address, socklen_t(MemoryLayout<sockaddr_in>.size), &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0 else { continue }
            return .string(String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return nil
    }
}
