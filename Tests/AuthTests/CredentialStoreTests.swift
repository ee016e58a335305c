import Auth
import Foundation
import XCTest

/// The token store: one entry per server, 0600, replaced whole, and clear about a bad file.
final class CredentialStoreTests: XCTestCase {
    private let folder = TemporaryFolder()
    private var store: CredentialStore { CredentialStore(folder: folder.url) }

    override func tearDown() {
        folder.remove()
    }

    private func session(_ server: String, access: String = "access-secret", refresh: String? = "refresh-secret") -> StoredSession {
        StoredSession(
            server: server, clientID: "http://127.0.0.1/c", accessToken: access, refreshToken: refresh,
            expiresAt: Date(timeIntervalSince1970: 1_800_000_000), signedInAt: Date(timeIntervalSince1970: 1_700_000_000)
        )
    }

    private func mode(_ url: URL) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
    }

    func testSavesOneEntryPerServerWith0600AndADefault() throws {
        XCTAssertEqual(try store.load(), CredentialFile())
        try store.save(session("http://a:8123"), makeDefault: false)
        try store.save(session("http://b:8123", refresh: nil), makeDefault: true)
        try store.save(session("http://a:8123", access: "newer"), makeDefault: false)
        let file = try store.load()
        XCTAssertEqual(file.sessions.count, 2)
        XCTAssertEqual(file.sessions["http://a:8123"]?.accessToken, "newer")
        XCTAssertEqual(file.defaultServer, "http://b:8123")
        XCTAssertEqual(try mode(store.url), 0o600)
        XCTAssertEqual(try mode(folder.url), 0o700)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasSuffix(".tmp") }
        XCTAssertEqual(leftovers, [], "the temporary file was renamed over the store")
    }

    func testRemovingTheDefaultMovesItToAnotherServer() throws {
        try store.save(session("http://a:8123"), makeDefault: true)
        try store.save(session("http://b:8123"), makeDefault: false)
        XCTAssertTrue(try store.remove("http://a:8123"))
        XCTAssertEqual(try store.load().defaultServer, "http://b:8123")
        XCTAssertFalse(try store.remove("http://a:8123"))
        XCTAssertTrue(try store.remove("http://b:8123"))
        XCTAssertNil(try store.load().defaultServer)
    }

    func testALooseFileIsTightenedTo0600() throws {
        try store.save(session("http://a:8123"), makeDefault: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: store.url.path)
        _ = try store.load()
        XCTAssertEqual(try mode(store.url), 0o600)
    }

    func testCorruptOversizedAndNewerFilesAreClearErrorsThatQuoteNothing() throws {
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        try Data(#"{"version":1,"sessions":{"x":{"accessToken":"leaked-secret"#.utf8).write(to: store.url)
        XCTAssertThrowsError(try store.load()) { error in
            XCTAssertTrue("\(error)".contains("is not a valid token store"), "\(error)")
            XCTAssertFalse("\(error)".contains("leaked-secret"))
        }
        try Data(#"{"version":9,"sessions":{}}"#.utf8).write(to: store.url)
        XCTAssertThrowsError(try store.load()) { XCTAssertTrue("\($0)".contains("newer version"), "\($0)") }
        try Data(repeating: 0x20, count: CredentialStore.maximumFileSize + 1).write(to: store.url)
        XCTAssertThrowsError(try store.load()) { XCTAssertTrue("\($0)".contains("larger than"), "\($0)") }
        XCTAssertThrowsError(try store.save(session("http://a:8123"), makeDefault: true), "a bad file is not overwritten")
    }

    func testSessionsPrintWithoutTokens() {
        let text = "\(session("http://a:8123"))" + String(reflecting: session("http://a:8123"))
        XCTAssertFalse(text.contains("access-secret"))
        XCTAssertFalse(text.contains("refresh-secret"))
    }
}
