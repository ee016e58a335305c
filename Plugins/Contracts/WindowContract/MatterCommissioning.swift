import WindowBridge

/// Commissions Matter devices for the window's "Add Matter device" (the frontend's
/// `matter/commission`); the matter plugin contributes one to ``WindowPoints/matterCommissioners``.
public protocol MatterCommissioning: Sendable {
    /// Whether `server` has its Matter integration running, so the frontend may offer it.
    func isAvailable(server: String) async -> Bool
    /// Commissions the device of `code` into `server`, giving it `network`; `progress` hears each
    /// step as a line; returns a line naming the device added. A bad code is refused here.
    func commission(code: String, network: MatterNetworkChoice, server: String, progress: @escaping @Sendable (String) -> Void) async throws -> String
    /// The Matter setup code of the QR code in the picture at `path` (a PNG); throws saying why there is none.
    func code(fromPicture path: String) throws -> String
}
