/// Why a border router call failed: what was asked, and what the router answered.
public struct BorderRouterError: Error, Equatable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
