/// What the window's Matter dialog commissions through, for the window's server.
public protocol MatterCommissionOffer: Sendable {
    /// Commissions the device of `code` (a QR code's text or a manual pairing code), giving it
    /// `network`; `progress` hears each step as a line; returns a line naming the device added.
    func commission(code: String, network: MatterNetworkChoice, progress: @escaping @Sendable (String) -> Void) async throws -> String
    /// The Matter setup code of the QR code in the picture at `path` (a PNG); throws saying why there is none.
    func code(fromPicture path: String) throws -> String
}
