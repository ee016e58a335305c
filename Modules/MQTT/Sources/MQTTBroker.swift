/// Where the broker is: `mqtt://HOST[:PORT]` (1883) or `mqtts://HOST[:PORT]` (8883, TLS with the
/// system's certificates, the host name verified).
public struct MQTTBroker: Sendable, Equatable {
    public let host: String
    public let port: Int32
    public let tls: Bool

    public init(host: String, port: Int32, tls: Bool) {
        self.host = host
        self.port = port
        self.tls = tls
    }

    /// Reads a broker URL; a clear error for anything else.
    public init(url: String) throws(MQTTError) {
        let scheme: Substring, rest: Substring
        if let separator = url.firstRange(of: "://") {
            scheme = url[..<separator.lowerBound]
            rest = url[separator.upperBound...]
        } else {
            throw MQTTError("'\(url)' is not a broker URL such as mqtt://broker.local or mqtts://broker.example:8883")
        }
        switch scheme.lowercased() {
        case "mqtt": tls = false
        case "mqtts": tls = true
        default: throw MQTTError("'\(scheme)' is not a broker scheme; use mqtt:// or mqtts://")
        }
        let authority = rest.hasSuffix("/") ? rest.dropLast() : rest
        guard !authority.isEmpty, !authority.contains("/"), !authority.contains("@"), !authority.contains(where: \.isWhitespace) else {
            throw MQTTError("'\(url)' needs just a host and an optional port (the user name and password go in their own settings)")
        }
        var hostPart = authority
        var portNumber: Int32 = tls ? 8883 : 1883
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw MQTTError("'\(url)' has an unclosed IPv6 address") }
            hostPart = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":"), let number = Int32(after.dropFirst()), (1...65535).contains(number) else { throw MQTTError("'\(url)' has a bad port") }
                portNumber = number
            }
        } else if let colon = authority.lastIndex(of: ":") {
            guard let number = Int32(authority[authority.index(after: colon)...]), (1...65535).contains(number) else { throw MQTTError("'\(url)' has a bad port") }
            hostPart = authority[..<colon]
            portNumber = number
        }
        guard !hostPart.isEmpty else { throw MQTTError("'\(url)' names no host") }
        host = String(hostPart)
        port = portNumber
    }
}
