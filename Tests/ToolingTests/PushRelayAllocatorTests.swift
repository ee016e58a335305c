import Foundation
import XCTest

/// `push-relay` allocates through jemalloc, linked into the executable (Package.swift says why):
/// jemalloc, asked through `MALLOC_CONF` to print its statistics at exit, does so only when it is
/// the allocator the process runs on.
final class PushRelayAllocatorTests: XCTestCase {
    /// The `push-relay` built beside this test bundle (tools/test builds every product first).
    private var relay: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("push-relay")
    }

    func testThePushRelayRunsOnJemalloc() throws {
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: relay.path), "build the push-relay product first (\(relay.path))")
        let process = Process()
        process.executableURL = relay
        process.arguments = ["--version"]
        // Only the general part of the statistics (a few KiB), so the pipe never fills.
        process.environment = ["MALLOC_CONF": "stats_print:true,stats_print_opts:mdablxe"]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let statistics = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertTrue(printed.hasPrefix("push-relay "), "the relay answered --version: \(printed)")
        XCTAssertTrue(statistics.contains("Begin jemalloc statistics"), "no jemalloc statistics, so glibc's malloc ran: \(statistics.prefix(300))")
    }
}
