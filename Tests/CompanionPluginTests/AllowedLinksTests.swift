import Foundation
@testable import LinksPlugin
import XCTest

/// The links a person allowed on a server: kept in a private file, each once, the oldest
/// forgotten past the capacity; a damaged file is an error that names it, never an allowance.
final class AllowedLinksTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("allowed-links-\(UUID().uuidString)")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    func testAnAllowedLinkIsKeptPrivatelyAndOnlyThatLink() throws {
        let links = AllowedLinks(folder: folder)
        let link = "homeassistant://call_service/light.toggle?entity_id=light.kitchen"
        XCTAssertFalse(try links.contains(link))
        try links.allow(link)
        try links.allow(link)
        XCTAssertTrue(try AllowedLinks(folder: folder).contains(link))
        XCTAssertFalse(try links.contains("homeassistant://call_service/light.toggle?entity_id=light.bed"))
        let file = folder.appendingPathComponent("allowed-links.json")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int, 0o600)
        XCTAssertEqual(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String], [link], "kept once")
    }

    func testTheOldestIsForgottenPastTheCapacity() throws {
        let links = AllowedLinks(folder: folder)
        for index in 0...AllowedLinks.capacity { try links.allow("homeassistant://fire_event/e\(index)") }
        XCTAssertFalse(try links.contains("homeassistant://fire_event/e0"))
        XCTAssertTrue(try links.contains("homeassistant://fire_event/e1"))
        XCTAssertTrue(try links.contains("homeassistant://fire_event/e\(AllowedLinks.capacity)"))
    }

    func testADamagedFileIsAnErrorNotAnAllowance() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("[\"homeassistant://fire_event/e\"".utf8).write(to: folder.appendingPathComponent("allowed-links.json"))
        XCTAssertThrowsError(try AllowedLinks(folder: folder).contains("homeassistant://fire_event/e")) { error in
            XCTAssertTrue("\(error)".contains("allowed-links.json"), "\(error)")
        }
    }

    func testTheQuestionSaysWhatTheLinkDoes() {
        XCTAssertEqual(
            OpenCommand.describe(.serviceCall(domain: "lock", service: "unlock", data: ["entity_id": "lock.front_door", "code": "1234"])),
            "Call lock.unlock with code=1234, entity_id=lock.front_door"
        )
        XCTAssertEqual(OpenCommand.describe(.event(type: "doorbell", data: [:])), "Fire the event doorbell")
    }
}
