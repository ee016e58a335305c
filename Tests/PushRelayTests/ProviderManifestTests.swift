import PushRelay
import XCTest

/// The provider manifest: routes in order, and every problem named with its entry.
final class ProviderManifestTests: XCTestCase {
    private func load(_ json: String) throws -> [ProviderRoute] {
        try ProviderManifest.load(Array(json.utf8), source: "relay.json")
    }

    func testStreamRoutesNeedNoConfiguration() throws {
        let routes = try load(#"{"providers": [{"id": "stream", "appIDs": ["a", "b"]}, {"id": "stream", "appIDs": ["*"]}]}"#)
        XCTAssertEqual(routes.map(\.id), ["stream", "stream"])
        XCTAssertEqual(routes.first?.appIDs, ["a", "b"])
        XCTAssertNil(routes.first?.provider)
    }

    func testProblemsAreNamed() {
        let cases = [
            ("{", "is not JSON"),
            (#"{"providers": []}"#, "needs a non-empty \"providers\" list"),
            (#"{"providers": [{"appIDs": ["*"]}]}"#, "providers[0] has no id"),
            (#"{"providers": [{"id": "pigeon", "appIDs": ["*"]}]}"#, "unknown provider 'pigeon'; known: apns, fcm, stream"),
            (#"{"providers": [{"id": "stream"}]}"#, "(stream) needs an appIDs list"),
            (#"{"providers": [{"id": "stream", "appIDs": [1]}]}"#, "appIDs holds a non-string"),
            (#"{"providers": [{"id": "apns", "appIDs": ["*"], "configuration": {}}]}"#, "(apns): the apns provider needs configuration.keyFile"),
            (#"{"providers": [{"id": "apns", "appIDs": ["*"], "configuration": {"keyFile": "/nonexistent.p8", "keyID": "k", "teamID": "t", "topic": "x"}}]}"#,
             "the APNs key /nonexistent.p8 cannot be read"),
            (#"{"providers": [{"id": "fcm", "appIDs": ["*"], "configuration": {}}]}"#, "needs configuration.serviceAccountFile"),
        ]
        for (json, message) in cases {
            XCTAssertThrowsError(try load(json), json) { error in
                XCTAssertTrue("\(error)".contains(message), "\(error)")
            }
        }
    }

    func testASignerRefusesAKeyOfTheWrongKind() {
        XCTAssertThrowsError(try JWTSigner(pem: "not a key", algorithm: .es256)) { error in
            XCTAssertTrue("\(error)".contains("not a PEM private key"), "\(error)")
        }
    }
}
