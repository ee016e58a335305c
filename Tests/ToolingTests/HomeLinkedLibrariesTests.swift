import Foundation
import XCTest

/// The `home` binary loads libcrypto, libdbus and libmosquitto on first use instead of linking
/// them, and its modules use FoundationEssentials, not Foundation (whose library, ICU and
/// FoundationInternationalization were 8 MiB of the agent's resident memory): linked, they cost
/// every `home` process megabytes, used or not. The window's toolkit (GTK 4, WebKitGTK) is
/// linked only by `home-window`.
final class HomeLinkedLibrariesTests: XCTestCase {
    /// The `home` built beside this test bundle (tools/test builds every product first).
    private var home: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("home")
    }

    func testHomeNeedsNeitherLibcryptoNorLibdbusNorFoundation() throws {
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: home.path), "build the home product first (\(home.path))")
        let needed = try neededLibraries(of: home)
        XCTAssertTrue(needed.contains { $0.hasPrefix("libsqlite3") } && needed.contains("libFoundationEssentials.so"), "readelf listed what home needs: \(needed)")
        for library in ["libcrypto", "libssl", "libdbus-1", "libmosquitto", "libgtk-4", "libwebkitgtk", "libjavascriptcoregtk", "libgobject",
                        "libFoundation.so", "libFoundationInternationalization", "lib_FoundationICU", "libFoundationNetworking"] {
            XCTAssertFalse(needed.contains { $0.hasPrefix(library) }, "home links \(library): \(needed)")
        }
    }

    func testTheWindowsToolkitIsLinkedByHomeWindowAlone() throws {
        let window = home.deletingLastPathComponent().appendingPathComponent("home-window")
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: window.path), "build the home-window product first (\(window.path))")
        let needed = try neededLibraries(of: window)
        XCTAssertTrue(needed.contains { $0.hasPrefix("libwebkitgtk-6.0") } && needed.contains { $0.hasPrefix("libgtk-4") }, "\(needed)")
    }

    /// The DT_NEEDED entries of an ELF file, through binutils' readelf.
    private func neededLibraries(of binary: URL) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["readelf", "--dynamic", binary.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        return output.split(separator: "\n").filter { $0.contains("(NEEDED)") }.compactMap { line in
            guard let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]") else { return nil }
            return String(line[line.index(after: open)..<close])
        }
    }
}
