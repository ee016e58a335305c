import DesignContract
import Foundation

/// The theme files this plugin wrote at start.
struct WrittenThemeFiles: ThemeFileSet {
    let files: [URL]
}
