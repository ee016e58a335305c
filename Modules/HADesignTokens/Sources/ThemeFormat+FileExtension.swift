extension ThemeFormat {
    /// The file extension for a file in this format.
    public var fileExtension: String {
        switch self {
        case .homeAssistantYAML: "yaml"
        case .css: "css"
        case .json: "json"
        case .terminal: "txt"
        }
    }
}
