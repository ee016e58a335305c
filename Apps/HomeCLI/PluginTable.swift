import CLIKit
import PluginHost

/// The text table `home plugins` prints: id, version, state, policy, detail.
struct PluginTable {
    let report: StartupReport
    let console: Console

    var text: String {
        let header = ["PLUGIN", "VERSION", "STATE", "POLICY", "DETAIL"]
        let rows = report.plugins.map { status in
            [status.id, status.version?.description ?? "-", status.state.name,
             status.failurePolicy?.rawValue ?? "-", status.state.reason ?? ""]
        }
        let widths = (0..<header.count).map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String], styleState: Bool) -> String {
            cells.enumerated().map { column, cell in
                let padded = column == cells.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
                return styleState && column == 2 ? console.styled(padded, style(for: cell)) : padded
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }
        return ([line(header, styleState: false)] + rows.map { line($0, styleState: true) }).joined(separator: "\n")
    }

    private func style(for state: String) -> TextStyle {
        switch state {
        case "started", "stopped": .green
        case "failed": .red
        case "skipped": .yellow
        default: .dim
        }
    }
}
