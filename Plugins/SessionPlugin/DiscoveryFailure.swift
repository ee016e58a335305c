/// No server to sign in to was found on the network.
struct DiscoveryFailure: Error, CustomStringConvertible {
    let description: String
}
