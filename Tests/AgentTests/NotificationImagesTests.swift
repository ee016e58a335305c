import EssentialsTestSupport
@testable import Agent
import Foundation
import LoopbackTestSupport
import Networking
import XCTest

/// A notification's image, downloaded for the desktop: the token only to the server itself, only
/// images, never more than the limit, the cache kept small.
final class NotificationImagesTests: XCTestCase {
    private var folder: URL!
    private let logs = LogRecorder()

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("images-\(UUID().uuidString)")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    private func images(port: Int) throws -> NotificationImages {
        NotificationImages(server: try ServerAddress("http://127.0.0.1:\(port)"), tokens: StaticTokenProvider("secret-token"), folder: folder, logger: logs.logger())
    }

    func testTheTokenGoesOnlyToTheServerItself() throws {
        let images = try images(port: 8123)
        let (path, pathAuthorized) = try images.resolve("/api/camera_proxy/camera.door")
        XCTAssertEqual(path.absoluteString, "http://127.0.0.1:8123/api/camera_proxy/camera.door")
        XCTAssertTrue(pathAuthorized)
        XCTAssertTrue(try images.resolve("http://127.0.0.1:8123/local/a.png").1)
        XCTAssertFalse(try images.resolve("https://images.example/a.png").1)
        XCTAssertFalse(try images.resolve("https://127.0.0.1:8124/a.png").1, "another port is another origin")
        for refused in ["http://images.example/a.png", "//images.example/a.png", "not a url", "file:///etc/passwd", ""] {
            XCTAssertThrowsError(try images.resolve(refused), refused)
        }
    }

    func testAnImageIsSavedPrivatelyWithTheToken() async throws {
        let body = [UInt8]([0x89, 0x50, 0x4E, 0x47]) + [UInt8](repeating: 7, count: 100)
        let server = try CannedHTTPServer(steps: [.send("HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nContent-Length: \(body.count)\r\n\r\n"), .sendBytes(body)])
        defer { server.stop() }
        let fetched = await (try images(port: server.port)).fetch("/api/image", id: 7)
        let file = try XCTUnwrap(fetched)
        XCTAssertEqual(file.lastPathComponent, "7.png")
        XCTAssertEqual(try Data(contentsOf: file), Data(body))
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int, 0o600)
        XCTAssertTrue(server.requests.first?.contains("Authorization: Bearer secret-token") == true, "\(server.requests)")
    }

    func testWhatIsNoImageTooLargeOrMissingIsNotKept() async throws {
        for (head, reason) in [
            ("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 4\r\n\r\nhtml", "not an image (text/html)"),
            ("HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nContent-Length: \(NotificationImages.maximumBytes + 1)\r\n\r\n", "larger than 10 MiB"),
            ("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n", "the server answered 404"),
            ("HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nContent-Length: 100\r\n\r\ntrunc", "its image was not downloaded"),
        ] {
            let server = try CannedHTTPServer(steps: [.send(head)])
            let fetched = await (try images(port: server.port)).fetch("/api/image", id: 1)
            server.stop()
            XCTAssertNil(fetched, head)
            XCTAssertTrue((logs.messages.last ?? "").contains(reason), "\(head): \(logs.messages)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("1.png").path))
    }

    func testOnlyTheNewestImagesAreKept() async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for index in 0..<(NotificationImages.keptCount + 5) {
            let file = folder.appendingPathComponent("old-\(index).png")
            try Data([1]).write(to: file)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: Double(index))], ofItemAtPath: file.path)
        }
        let server = try CannedHTTPServer(steps: [.send("HTTP/1.1 200 OK\r\nContent-Type: image/gif\r\nContent-Length: 1\r\n\r\nG")])
        defer { server.stop() }
        let fetched = await (try images(port: server.port)).fetch("/api/image", id: 99)
        XCTAssertNotNil(fetched)
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        XCTAssertEqual(kept.count, NotificationImages.keptCount)
        XCTAssertTrue(kept.contains("99.gif"))
        XCTAssertFalse(kept.contains("old-0.png"), "the oldest went first")
    }
}
