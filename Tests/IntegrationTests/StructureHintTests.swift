import Foundation
import XCTest

/// `migrating(structureID:)` from the command line against the real server: a structure kept for
/// someone not signed in yet is where the next `home login` without a URL goes, and what a
/// permissions update preselects; signing in to it uses it up. `--revoke-url` is the server's
/// page where its sessions are revoked.
final class StructureHintTests: XCTestCase {
    private var root: URL!

    override func setUp() {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("hint-\(UUID().uuidString)")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: root)
    }

    func testAKeptStructureIsWhereTheNextSignInGoesAndThePermissionsUpdatePreselects() async throws {
        let server = try IntegrationEnvironment.require()
        let home = HomeProcess(root: root)
        let hintFile = root.appendingPathComponent(".config/home-companion/structure-hint.json")
        let (refused, refusal) = try home.run(["permissions", "--hint", "ftp://nowhere"])
        XCTAssertEqual(refused, 1, refusal)
        XCTAssertTrue(refusal.contains("'ftp://nowhere' uses ftp://; a server address is http:// or https://"), refusal)
        XCTAssertFalse(FileManager.default.fileExists(atPath: hintFile.path), "a bad structure id keeps nothing")

        let (kept, keptOutput) = try home.run(["permissions", "--hint", server.url])
        XCTAssertEqual(kept, 0, keptOutput)
        XCTAssertEqual(keptOutput, "kept \(server.url): the next 'home login' without a URL signs in there\n")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: hintFile.path)[.posixPermissions] as? Int, 0o600)
        let (signedIn, signInOutput) = try home.run(["login", "--username", server.username, "--password-stdin"], input: server.password)
        XCTAssertEqual(signedIn, 0, signInOutput)
        XCTAssertTrue(signInOutput.contains("signing in to \(server.url), the server kept for this sign-in"), signInOutput)
        XCTAssertTrue(signInOutput.contains("signed in to \(server.url); it is now the default server"), signInOutput)
        XCTAssertFalse(FileManager.default.fileExists(atPath: hintFile.path), "the sign-in used the hint up")

        // A second structure kept: a permissions update with none given preselects it.
        let other = server.url.replacingOccurrences(of: "127.0.0.1", with: "localhost")
        XCTAssertEqual(try home.run(["permissions", "--hint", other]).0, 0)
        let (granted, grantedOutput) = try home.run(["permissions", "--yes", "--allow-change", "--username", server.username, "--password-stdin"], input: server.password)
        XCTAssertEqual(granted, 0, grantedOutput)
        XCTAssertTrue(grantedOutput.contains("access granted to \(other)"), grantedOutput)
        XCTAssertFalse(FileManager.default.fileExists(atPath: hintFile.path))

        // Where the person revokes what the server issued: its profile's security page.
        let (shown, page) = try home.run(["permissions", "--revoke-url", "--server", server.url])
        XCTAssertEqual(shown, 0, page)
        XCTAssertEqual(page, "\(server.url)/profile/security\n")
        let answer = try await HTTPExchange.send("GET", try XCTUnwrap(URL(string: page.trimmingCharacters(in: .whitespacesAndNewlines))))
        XCTAssertEqual(answer.status, 200, "the frontend serves the page")
    }
}
