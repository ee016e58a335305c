import DesignContract
import FoundationEssentials

/// The theme files this plugin wrote at start.
struct WrittenThemeFiles: ThemeFileSet {
    let files: [URL]
}
