/// The fields of os-release(5) the registration needs.
struct OSRelease: Equatable {
    let name: String
    let version: String
    /// `PRETTY_NAME`, else name and version.
    let prettyName: String

    /// Parses `KEY=value` lines (values optionally quoted); missing fields read as Linux / unknown.
    init(_ text: String) {
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "="), !line.hasPrefix("#") else { continue }
            var value = String(line[line.index(after: equals)...])
            if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
                value = String(value.dropFirst().dropLast())
            }
            fields[String(line[..<equals])] = value
        }
        name = fields["NAME"] ?? "Linux"
        version = fields["VERSION_ID"] ?? fields["VERSION"] ?? "unknown"
        prettyName = fields["PRETTY_NAME"] ?? "\(name) \(version)"
    }
}
