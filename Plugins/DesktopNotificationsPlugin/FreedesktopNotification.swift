import Agent
import DBus

/// The arguments of a `Notify` call for a notification: the summary and body, the actions as
/// key/label pairs (a reply as KDE's `inline-reply` where the server offers a reply field; with a
/// link, the `default` action, which a click on the notification invokes), the
/// hints (`urgency`; `image-path`, the downloaded `data.image`; `x-kde-reply-placeholder-text`), and the id of the notification it replaces.
/// The body is text: where the server reads markup in it (`body-markup`), `&`, `<` and `>` are
/// escaped, so a notification cannot bring links, images or styles of its own.
struct FreedesktopNotification {
    static let applicationName = "HomeCompanion"
    /// The largest summary and body sent; the rest is cut (servers show a few lines anyway).
    static let maximumTextBytes = 4096

    let arguments: [DBusValue]

    init(_ shown: ShownNotification, replacing replaced: UInt32, inlineReply: Bool, bodyMarkup: Bool) {
        let notification = shown.notification
        var actions: [String] = []
        var hints: [String: DBusValue] = ["urgency": .byte(notification.urgency.freedesktopLevel)]
        if let image = shown.imageFile { hints["image-path"] = .string(image.absoluteString) }
        var replyTaken = false
        // A click on the notification itself: where its link points.
        if notification.link != nil { actions += [FreedesktopNotifier.click, "Open"] }
        for action in notification.actions {
            if action.takesText, inlineReply, !replyTaken {
                replyTaken = true
                actions += [FreedesktopNotifier.inlineReply, action.title]
                hints["x-kde-reply-placeholder-text"] = .string(action.title)
            } else {
                actions += [action.id, action.title]
            }
        }
        arguments = [
            .string(Self.applicationName), .uint32(replaced), .string(""),
            .string(Self.cut(notification.title ?? "Home Assistant")), .string(bodyMarkup ? Self.escaped(Self.cut(notification.message)) : Self.cut(notification.message)),
            .strings(actions.map(Self.cut)), .properties(hints), .int32(-1),
        ]
    }

    /// `text` as markup that shows it as it is.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            default: result.append(character)
            }
        }
        return result
    }

    /// `text` without NUL (D-Bus strings cannot hold it) and at most ``maximumTextBytes`` of UTF-8.
    static func cut(_ text: String) -> String {
        var kept = ""
        var bytes = 0
        for character in text where character != "\0" {
            bytes += character.utf8.count
            guard bytes <= maximumTextBytes else { break }
            kept.append(character)
        }
        return kept
    }
}
