/// The server's answer held no zones: a failure at run time (exit 1), not a usage error.
struct ZonesError: Error, CustomStringConvertible {
    let description: String
}
