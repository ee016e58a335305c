import FoundationEssentials
import HADesignTokens
import PluginHost

/// The theme-files plugin's configuration.
struct ThemeFilesConfiguration: Decodable, Sendable {
    /// Where to write; defaults to `themes` in the data folder.
    let directory: URL?
    /// Which formats to write; the terminal format is not a file format.
    let formats: [ThemeFormat]
    /// The theme's name inside the files.
    let themeName: String

    /// The file name without extension: the theme name in lower case, spaces as dashes.
    var fileStem: String {
        themeName.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).joined(separator: "-")
    }

    private enum CodingKeys: String, CodingKey {
        case directory, formats, themeName
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let path = try container.decodeIfPresent(String.self, forKey: .directory) {
            guard path.hasPrefix("/") else {
                throw ConfigurationError(key: "directory", reason: "'\(path)' is not an absolute path")
            }
            directory = URL(fileURLWithPath: path, isDirectory: true)
        } else {
            directory = nil
        }
        let fileFormats = ThemeFormat.allCases.filter { $0 != .terminal }
        let names = try container.decodeIfPresent([String].self, forKey: .formats) ?? fileFormats.map(\.rawValue)
        formats = try names.map { name in
            guard let format = ThemeFormat(rawValue: name), format != .terminal else {
                throw ConfigurationError(
                    key: "formats", reason: "'\(name)' is not a file format; valid: \(fileFormats.map(\.rawValue).joined(separator: ", "))"
                )
            }
            return format
        }
        themeName = try container.decodeIfPresent(String.self, forKey: .themeName) ?? "HomeCompanion"
        guard !fileStem.isEmpty else {
            throw ConfigurationError(key: "themeName", reason: "needs at least one letter or digit")
        }
    }
}
