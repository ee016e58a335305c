@testable import Desktop
import XCTest

/// The desktop entries `home window` writes: the window's, and the hidden one that makes
/// `home open` the handler of `homeassistant://` links without overriding a user's choice.
final class DesktopEntryTests: XCTestCase {
    private let ours = "x-scheme-handler/homeassistant=io.homecompanion.Links.desktop"

    func testTheLinksEntryHandlesTheSchemeWithHomeOpen() {
        let entry = DesktopEntry.linksEntry(executable: "/opt/my \"home\"/home")
        XCTAssertTrue(entry.contains("Exec=\"/opt/my \\\\\"home\\\\\"/home\" open %u\n"), entry)
        XCTAssertTrue(entry.contains("MimeType=x-scheme-handler/homeassistant;\n") && entry.contains("NoDisplay=true\n"), entry)
    }

    func testTheSchemeHandlerIsAddedWhereNoneIsChosen() {
        XCTAssertEqual(DesktopEntry.defaultApplications(adding: ours, to: ""), "[Default Applications]\n\(ours)\n")
        XCTAssertEqual(
            DesktopEntry.defaultApplications(adding: ours, to: "[Added Associations]\ntext/html=firefox.desktop\n"),
            "[Added Associations]\ntext/html=firefox.desktop\n\n[Default Applications]\n\(ours)\n"
        )
        XCTAssertEqual(
            DesktopEntry.defaultApplications(adding: ours, to: "[Default Applications]\ntext/html=firefox.desktop\n[Added Associations]\n"),
            "[Default Applications]\n\(ours)\ntext/html=firefox.desktop\n[Added Associations]\n"
        )
        // Another section naming the scheme is not a default.
        XCTAssertNotNil(DesktopEntry.defaultApplications(adding: ours, to: "[Added Associations]\nx-scheme-handler/homeassistant=other.desktop\n"))
    }

    func testAChoiceMadeBeforeIsKept() {
        XCTAssertNil(DesktopEntry.defaultApplications(adding: ours, to: "[Default Applications]\nx-scheme-handler/homeassistant=other.desktop\n"))
        XCTAssertNil(DesktopEntry.defaultApplications(adding: ours, to: "[Default Applications]\n\(ours)\n"), "written once")
    }
}
