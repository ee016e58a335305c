import Agent
import HAModels
import Tray

/// The tray's menu from what is known now: the window, the quick actions with their live state,
/// the last notifications with their actions, the history, and Quit. Entry ids are stable for
/// the same meaning (fixed entries 1–9, quick action N at 100+N, notification N at 1000+16N and
/// its actions after it), so a host's open menu stays right as states change.
struct TrayMenuBuilder {
    /// What the menu's entries do.
    struct Actions: Sendable {
        let openWindow: @Sendable () -> Void
        let openHistory: @Sendable () -> Void
        let quit: @Sendable () -> Void
        let run: @Sendable (TrayQuickAction) -> Void
        let press: @Sendable (_ notification: Int64, _ action: String) -> Void
    }

    /// The most notifications listed.
    static let notificationCount = 5
    /// The longest label shown for a notification.
    static let labelLength = 60

    let connected: Bool
    let pins: [(action: TrayQuickAction, state: EntityState?)]
    let notifications: [NotificationRecord]
    let actions: Actions

    func items() -> [TrayMenuItem] {
        var items = [TrayMenuItem(id: 1, label: "Open Home Assistant", action: actions.openWindow), .separator(id: 2)]
        if pins.isEmpty {
            items.append(TrayMenuItem(id: 99, label: "No quick actions: home tray pin ENTITY", enabled: false))
        }
        for (index, pin) in pins.enumerated() {
            items.append(quickAction(pin.action, pin.state, id: Int32(100 + index)))
        }
        items.append(.separator(id: 3))
        let recent = notifications.prefix(Self.notificationCount).enumerated().map { index, record in notification(record, id: Int32(1_000 + 16 * index)) }
        items.append(TrayMenuItem(id: 4, label: "Notifications", enabled: !recent.isEmpty, children: recent))
        items.append(TrayMenuItem(id: 5, label: "Notification history…", action: actions.openHistory))
        items += [.separator(id: 6), TrayMenuItem(id: 7, label: "Quit", action: actions.quit)]
        return items
    }

    private func quickAction(_ action: TrayQuickAction, _ state: EntityState?, id: Int32) -> TrayMenuItem {
        let name = state?.attributes["friendly_name"]?.stringValue ?? action.entity
        let available = connected && state != nil && state?.state != "unavailable"
        let label: String = switch action.service {
        case "turn_on": "Run \(name)"
        case "press": "Press \(name)"
        default: available ? name : "\(name) (\(state?.state ?? "unknown"))"
        }
        let run = actions.run
        return TrayMenuItem(
            id: id, label: label, enabled: available, toggled: action.showsState ? state.map { TrayQuickAction.isOn($0.state) } ?? false : nil, action: { run(action) }
        )
    }

    private func notification(_ record: NotificationRecord, id: Int32) -> TrayMenuItem {
        let text = (record.title.map { "\($0): " } ?? "") + record.message
        let label = text.count > Self.labelLength ? String(text.prefix(Self.labelLength - 1)) + "…" : text
        let press = actions.press
        let buttons = record.actions.prefix(15).enumerated().map { index, button in
            TrayMenuItem(
                id: id + 1 + Int32(index), label: button.takesText ? "\(button.title) (reply in the window's settings)" : button.title, enabled: !button.takesText,
                action: { press(record.id, button.id) }
            )
        }
        return TrayMenuItem(id: id, label: label.replacing("\n", with: " "), children: buttons)
    }
}
