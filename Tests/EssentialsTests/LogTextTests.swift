import Essentials
import EssentialsTestSupport
import Foundation
import XCTest

/// Text from outside cannot steer a terminal or forge log lines; secret files are never
/// readable by others, nor followed through a planted link.
final class LogTextTests: XCTestCase {
    func testControlCharactersBecomeVisibleEscapes() {
        XCTAssertEqual(LogText.sanitized("plain text, ünïcode ✓"), "plain text, ünïcode ✓")
        XCTAssertEqual(LogText.sanitized("\u{1B}[31mred\u{1B}[0m"), "\\u{1b}[31mred\\u{1b}[0m")
        XCTAssertEqual(LogText.sanitized("one\nagent: forged"), "one\\u{a}agent: forged")
        XCTAssertEqual(LogText.sanitized("bell\u{7}nul\u{0}c1\u{9B}"), "bell\\u{7}nul\\u{0}c1\\u{9b}")
    }

    func testTheLoggerWritesOneSafeLinePerMessage() {
        let recorder = LogRecorder()
        recorder.logger(label: "test", level: .info).info("title \u{1B}]0;owned\u{7}\nfake line")
        XCTAssertEqual(recorder.lines, ["[info] test: title \\u{1b}]0;owned\\u{7}\\u{a}fake line"])
    }

    func testASecretFileIsCreated0600AndAPlantedLinkIsNotFollowed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("secret-file-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("secret.json")
        let victim = folder.appendingPathComponent("victim")
        try "untouched".write(to: victim, atomically: true, encoding: .utf8)
        // Someone plants the temporary name as a link to another file.
        let planted = folder.appendingPathComponent(".secret.json.\(getpid()).tmp")
        try FileManager.default.createSymbolicLink(at: planted, withDestinationURL: victim)
        try SecretFile.write(Array("{\"k\":1}".utf8), to: target)
        XCTAssertEqual(try String(contentsOf: victim, encoding: .utf8), "untouched")
        XCTAssertEqual(try String(contentsOf: target, encoding: .utf8), "{\"k\":1}")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: target.path)[.posixPermissions] as? Int, 0o600)
        XCTAssertFalse(FileManager.default.fileExists(atPath: planted.path), "no temporary is left")
        try SecretFile.write(Array("second".utf8), to: target)
        XCTAssertEqual(try String(contentsOf: target, encoding: .utf8), "second", "replaced whole")
    }
}
