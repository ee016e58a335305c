import Essentials
import FoundationEssentials
import HAModels

/// The entities pinned to the tray as quick actions, for one server (`tray-pins.json` in its data
/// folder, 0600; gone with the server at sign-out), in the order pinned, at most ``capacity``.
public struct TrayPins: Sendable {
    /// The most pins kept.
    public static let capacity = 20
    private let store: JSONFileStore<[String]>

    /// The pins kept in `folder` (a server's data folder).
    public init(folder: URL) {
        store = JSONFileStore(file: folder.appendingPathComponent("tray-pins.json"), maximumSize: 64 << 10)
    }

    /// The file they are kept in.
    public var file: URL { store.file }

    /// The pinned entities, in order.
    public func list() throws -> [String] {
        try store.load() ?? []
    }

    /// Pins `entity` (last); refuses what is not a quick action, and a twenty-first pin.
    public func pin(_ entity: String) throws {
        guard TrayQuickAction(entity: entity) != nil else { throw TrayPinError.notAQuickAction(entity) }
        try store.update { pins in
            var kept = pins ?? []
            guard !kept.contains(entity) else { return }
            guard kept.count < Self.capacity else { throw TrayPinError.full(Self.capacity) }
            kept.append(entity)
            pins = kept
        }
    }

    /// Unpins `entity`; throws when it was not pinned.
    public func unpin(_ entity: String) throws {
        try store.update { pins in
            var kept = pins ?? []
            guard kept.contains(entity) else { throw TrayPinError.notPinned(entity) }
            kept.removeAll { $0 == entity }
            pins = kept
        }
    }
}
