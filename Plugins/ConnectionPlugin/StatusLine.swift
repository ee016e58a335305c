import Essentials
import HAModels

/// The line `home status-line` prints: each chosen entity as `LABEL STATE UNIT`, joined by the
/// separator; as text (i3blocks' persistent mode, tmux, a shell prompt) or as the JSON object
/// waybar's custom modules read (`text`, `tooltip` with one entity per line, `class`: the
/// entities that are on, open, home or unavailable, for styling).
struct StatusLine: Equatable {
    /// An entity to show, with the label the user chose (else its friendly name).
    struct Item: Equatable {
        let entityID: String
        let label: String?

        /// Reads `ENTITY` or `ENTITY=LABEL`.
        init?(_ argument: String) {
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard let id = parts.first, id.contains("."), !id.hasPrefix("."), !id.hasSuffix("."), !id.contains(where: \.isWhitespace) else { return nil }
            entityID = id
            label = parts.count == 2 && !parts[1].isEmpty ? parts[1] : nil
        }
    }

    /// The classes waybar gets for the states worth styling.
    static let styledStates: Set<String> = ["on", "open", "home", "playing", "unlocked", "unavailable", "unknown"]

    let text: String
    let tooltip: String
    let classes: [String]

    init(items: [Item], states: (String) -> EntityState?, separator: String) {
        var parts: [String] = []
        var lines: [String] = []
        var classes: [String] = []
        for item in items {
            guard let state = states(item.entityID) else {
                parts.append("\(item.label ?? item.entityID) ?")
                lines.append("\(item.entityID): not on the server")
                classes.append("missing")
                continue
            }
            let name = item.label ?? state.attributes["friendly_name"]?.stringValue ?? item.entityID
            let unit = state.attributes["unit_of_measurement"]?.stringValue.map { " \($0)" } ?? ""
            parts.append("\(name) \(state.state)\(unit)")
            lines.append("\(item.entityID): \(state.state)\(unit)")
            if Self.styledStates.contains(state.state) { classes.append(state.state) }
        }
        text = parts.joined(separator: separator)
        tooltip = lines.joined(separator: "\n")
        self.classes = Array(Set(classes)).sorted()
    }

    /// The waybar object, one line.
    func json() throws -> String {
        try JSONSerializer.string(.object(["text": .string(text), "tooltip": .string(tooltip), "class": .array(classes.map(JSONValue.string))]))
    }
}
