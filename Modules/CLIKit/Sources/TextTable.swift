/// Rows in aligned columns under a header, two spaces apart, for people (scripts use `--json`).
public struct TextTable: Sendable {
    public let header: [String]
    public let rows: [[String]]

    public init(header: [String], rows: [[String]]) {
        self.header = header
        self.rows = rows
    }

    /// The table, one line per row, without trailing spaces.
    public var text: String {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { column, cell in column == row.count - 1 ? cell : cell.padded(to: widths[column]) }
                .joined(separator: "  ")
                .trimmingTrailingSpaces()
        }.joined(separator: "\n")
    }
}
