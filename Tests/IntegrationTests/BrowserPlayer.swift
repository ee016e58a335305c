import Auth
import Foundation
import Networking
import XCTest

/// Does what the browser and the server's sign-in page do for a sign-in in the browser: runs the
/// login flow with the authorize URL's client id and redirect URI, then follows the redirect with
/// the code (and `state`, or a forged one). A failure fails the test.
enum BrowserPlayer {
    static func play(_ url: URL, server: IntegrationEnvironment, state forged: String? = nil) async {
        do {
            let query = Dictionary(uniqueKeysWithValues: (URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []).map { ($0.name, $0.value ?? "") })
            let clientID = try XCTUnwrap(query["client_id"]), redirect = try XCTUnwrap(query["redirect_uri"])
            let code = try await LoginFlowClient(address: try ServerAddress(server.url))
                .signIn(clientID: clientID, redirectURI: redirect, answering: PasswordAnswers(username: server.username, password: server.password))
            var back = try XCTUnwrap(URLComponents(string: redirect))
            back.queryItems = [URLQueryItem(name: "code", value: code), URLQueryItem(name: "state", value: forged ?? query["state"])]
            _ = try await HTTPExchange.send("GET", try XCTUnwrap(back.url))
        } catch {
            XCTFail("playing the browser failed: \(error)")
        }
    }
}
