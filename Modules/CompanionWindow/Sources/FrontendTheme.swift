import CWebKitGTK
import Essentials
import HADesignTokens
import WindowBridge

/// The frontend theme's colours the window follows: dark or light, and the header's colour.
struct FrontendTheme: Equatable {
    /// Reads the theme's CSS variables from the page, as a JSON object of strings.
    static let readScript = """
        (() => {
          const style = getComputedStyle(document.querySelector("home-assistant") || document.documentElement);
          return { background: style.getPropertyValue("--primary-background-color").trim(), header: style.getPropertyValue("--app-header-background-color").trim(), headerText: style.getPropertyValue("--app-header-text-color").trim() };
        })()
        """

    let dark: Bool
    let header: RGBColor?
    let headerText: RGBColor?

    init?(json: String) {
        guard let object = (try? JSONParser.parse(json))?.objectValue, let background = object["background"]?.stringValue.flatMap(RGBColor.init(css:)) else { return nil }
        dark = background.luminance < 0.5
        header = object["header"]?.stringValue.flatMap(RGBColor.init(css:))
        headerText = object["headerText"]?.stringValue.flatMap(RGBColor.init(css:))
    }

    /// Makes GTK follow the theme: the dark variant, and the header bar in the header's colours.
    func apply() {
        hc_prefer_dark_theme(dark ? 1 : 0)
        guard let header else { return }
        // Built from parsed numbers only, so nothing the page wrote reaches the style sheet as text.
        let css = "headerbar { background: \(header.css); color: \((headerText ?? (header.luminance < 0.5 ? RGBColor(red: 255, green: 255, blue: 255) : RGBColor(red: 0, green: 0, blue: 0))).css); }"
        hc_apply_window_css(css)
    }
}
