import Essentials
import Foundation
import XCTest
@testable import HomeAPI

/// `Home.configure`: every field checked and named, nothing before it, the locale in memory.
final class HomeConfigurationTests: XCTestCase {
    private let root = FileManager.default.temporaryDirectory.appendingPathComponent("home-api-\(UUID().uuidString)")

    override func setUp() {
        HomeClient.shared.state.withLock { $0 = HomeClient.State() }
    }

    override func tearDown() {
        HomeClient.shared.state.withLock { $0 = HomeClient.State() }
        try? FileManager.default.removeItem(at: root)
    }

    private var layout: DirectoryLayout {
        DirectoryLayout(environment: ["HOME": root.path])
    }

    private func expect(_ code: HomeErrorCode, naming field: String? = nil, _ body: () async throws -> Void) async {
        do {
            try await body()
            XCTFail("expected \(code)")
        } catch let error as HomeError {
            XCTAssertEqual(error.code, code, "\(error)")
            if let field { XCTAssertTrue(error.message.hasPrefix(field + ":"), error.message) }
        } catch {
            XCTFail("expected a HomeError, got \(error)")
        }
    }

    func testEveryCallBeforeConfigureIsAFailedPrecondition() async {
        await expect(.failedPrecondition) { _ = try Home.getLocale() }
        await expect(.failedPrecondition) { try await Home.setLocale(Locale(identifier: "de")) }
        await expect(.failedPrecondition) { _ = try await Home.restoreSession(server: "http://127.0.0.1:1") }
        let beforeConfigure = await Home.restoreSession()
        XCTAssertNil(beforeConfigure, "the seed's restoreSession() gives nil before configure")
        await expect(.failedPrecondition) { _ = try Home.servers() }
        await expect(.failedPrecondition) { _ = try await Home.connect(to: "http://127.0.0.1:1", using: .accessToken("t")) }
    }

    func testInvalidValuesAreRefusedNamingTheFieldAndTheOldConfigurationStays() async throws {
        let layout = layout
        try Home.configure { $0.dataLocations = layout; $0.locale = Locale(identifier: "de-CH") }
        await expect(.invalidArgument, naming: "clientID") { try Home.configure { $0.clientID = "not a url" } }
        await expect(.invalidArgument, naming: "clientID") { try Home.configure { $0.clientID = "ftp://host/" } }
        await expect(.invalidArgument, naming: "locale") { try Home.configure { $0.locale = Locale(identifier: "not a locale!") } }
        await expect(.invalidArgument, naming: "dataLocations.data") {
            try Home.configure {
                $0.dataLocations = DirectoryLayout(configuration: layout.configuration, data: URL(string: "https://x/")!, cache: layout.cache)
            }
        }
        XCTAssertEqual(try Home.getLocale()?.identifier(.bcp47), "de-CH", "a refused configuration changes nothing")
    }

    func testBeforeASessionTheLocaleLivesInMemoryAndNobodyIsSignedIn() async throws {
        let layout = layout
        try Home.configure { $0.dataLocations = layout }
        XCTAssertNil(try Home.getLocale())
        try await Home.setLocale(Locale(identifier: "pt-BR"))
        XCTAssertEqual(try Home.getLocale()?.identifier(.bcp47), "pt-BR")
        await expect(.invalidArgument, naming: "locale") { try await Home.setLocale(Locale(identifier: "")) }
        XCTAssertEqual(try Home.getLocale()?.identifier(.bcp47), "pt-BR")
        try await Home.setLocale(nil)
        XCTAssertNil(try Home.getLocale())
        let restored = await Home.restoreSession()
        XCTAssertNil(restored)
        XCTAssertEqual(try Home.servers(), [])
    }

    func testLanguageTags() {
        XCTAssertEqual(LanguageTag(text: "zh-Hans-CN")?.text, "zh-Hans-CN")
        for bad in ["", "e", "und", "en_US", "en--US", "toolonglanguage", "en-abcdefghi", "ü"] {
            XCTAssertNil(LanguageTag(text: bad), bad)
        }
    }
}
