import Essentials

/// Turns Home Assistant's `message`/`title`/`data` into the payload a device receives.
///
/// Command messages (`clear_notification`, `clear_badge`, `request_location_update`,
/// `update_widgets`, `update_complications`, and Android's `command_…`) become background
/// commands. Otherwise a notification: `tag` is the collapse id, `group` the thread id,
/// `image`/`video`/`audio` an attachment, and `actions`, `url`, `sound`, `push`, `subtitle`,
/// `entity_id` keep their meaning; other data keys travel on under `data`.
public enum PayloadConverter {
    /// The message commands a device acts on rather than shows (`clear_notification`, `request_location_update`, …).
    public static let commands: Set<String> = [
        "clear_notification", "clear_badge", "request_location_update", "request_location_updates",
        "update_widgets", "update_complications",
    ]

    /// The payload a device receives for Home Assistant's `notification`; a `RelayRequestError` (400) for one that cannot be sent.
    public static func convert(_ notification: HomeAssistantNotification) throws(RelayRequestError) -> JSONValue {
        switch notification {
        case .encrypted(let sealed):
            return .object(["type": .string("encrypted"), "encrypted_data": .string(sealed)])
        case .plain(let message, let title, let data):
            if isCommand(message) { return command(message, data: data) }
            return try AlertPayload(message: message, title: title, data: data).json
        }
    }

    /// What ``convert(_:)`` makes, as `JSONSerializer.data` writes it; a notification to show is
    /// written straight from its fields. A `RelayRequestError` (400) for one that cannot be sent,
    /// a `JSONEncodingError` for a number JSON cannot express.
    public static func streamedBytes(_ notification: HomeAssistantNotification) throws -> [UInt8] {
        guard case .plain(let message, let title, let data) = notification, !isCommand(message) else {
            return try JSONSerializer.data(convert(notification))
        }
        return try AlertPayload(message: message, title: title, data: data).bytes()
    }

    /// What begins a message that is a command of the app's own.
    static let commandPrefix = "command_"

    /// Whether `message` is a command the device acts on rather than shows.
    static func isCommand(_ message: String) -> Bool {
        commands.contains(message) || message.hasPrefix(commandPrefix)
    }

    /// ``isCommand(_:)`` for a message's UTF-8 bytes, compared in place.
    static func isCommand(_ message: UnsafeBufferPointer<UInt8>) -> Bool {
        message.starts(with: commandPrefix.utf8) || commandBytes.contains { $0.count == message.count && $0.elementsEqual(message) }
    }

    /// ``commands`` as bytes.
    private static let commandBytes = commands.map { Array($0.utf8) }

    private static func command(_ name: String, data: [String: JSONValue]) -> JSONValue {
        var payload: [String: JSONValue] = ["type": .string("command"), "command": .string(name)]
        if let tag = data["tag"] { payload["collapse_id"] = tag }
        let rest = data.filter { $0.key != "tag" }
        if !rest.isEmpty { payload["data"] = .object(rest) }
        return .object(payload)
    }
}
