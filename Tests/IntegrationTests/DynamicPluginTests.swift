import CLIKit
import CLIKitTestSupport
import Foundation
import HomeCLI
import PluginHost
import XCTest

/// Builds the example out-of-tree plugin as a dynamic library and loads it through a manifest.
final class DynamicPluginTests: XCTestCase {
    /// Built once per test run, into a scratch folder of its own so it does not contend with
    /// the `swift test` that runs this.
    static let library: Result<URL, any Error> = Result {
        let scratch = IntegrationEnvironment.repository.appendingPathComponent(".build/example-plugin")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "build", "--product", "ExampleGreeter", "--scratch-path", scratch.path]
        process.currentDirectoryURL = IntegrationEnvironment.repository
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw HTTPExchangeError(message: "swift build failed:\n" + String(decoding: output, as: UTF8.self))
        }
        return scratch.appendingPathComponent("debug/libExampleGreeter.so")
    }

    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("dynamic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func manifest(
        library: String, configuration: String = #"{"salutation": "Moin"}"#, withBuiltIn: Bool = false
    ) throws -> URL {
        let url = folder.appendingPathComponent("manifest.json")
        let builtIn = withBuiltIn ? #"{"id": "design-tokens"},"# : ""
        let after = withBuiltIn ? #""after": ["design-tokens"], "# : ""
        try Data("""
        {"schemaVersion": 1, "plugins": [
          \(builtIn)
          {"id": "example-greeter", "library": "\(library)", \(after)"configuration": \(configuration)}
        ]}
        """.utf8).write(to: url)
        return url
    }

    func testLoadsStartsAndCallsThePluginThroughTheHomeCommand() async throws {
        let library = try Self.library.get()
        let manifestURL = try manifest(library: library.path, withBuiltIn: true)
        let listing = ConsoleRecorder()
        let listed = await HomeApp.run(["plugins", "--manifest", manifestURL.path], console: listing.console())
        XCTAssertEqual(listed, .success, listing.error)
        XCTAssertTrue(listing.out.contains("example-greeter        1.0.0    started   degrade"), listing.out)

        let call = ConsoleRecorder()
        let called = await HomeApp.run(
            ["plugins", "call", "--manifest", manifestURL.path, "example.greeting", #"{"name": "Ada"}"#], console: call.console()
        )
        XCTAssertEqual(called, .success, call.error)
        XCTAssertEqual(call.out, "{\n  \"greeting\" : \"Moin, Ada!\"\n}\n")
    }

    func testTheLibraryPathIsRelativeToTheManifest() throws {
        let library = try Self.library.get()
        // A link, not a copy: the same file must not be loaded twice into one process.
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("libgreeter.so"), withDestinationURL: library)
        let plan = try PluginLoader(catalog: PluginCatalog([])).plan(manifestAt: manifest(library: "libgreeter.so"))
        XCTAssertEqual(plan.startOrder.map(\.descriptor.id), ["example-greeter"])
    }

    func testTheLibrarysDescriptorAndConfigurationChecksAreUsed() throws {
        let factory = try DynamicPluginFactory(library: Self.library.get())
        XCTAssertEqual(factory.descriptor.id, "example-greeter")
        XCTAssertEqual(factory.descriptor.provides, [CapabilityID(name: "example.greeting")])
        XCTAssertEqual(factory.descriptor.failurePolicy, .degrade)
        XCTAssertEqual(factory.configurationProblems(["salutation": .string("Hi")]), [])
        XCTAssertEqual(factory.configurationProblems(["salutation": .integer(5)]), ["key 'salutation': expected a string"])
        XCTAssertEqual(
            factory.configurationProblems(["salutation": .string(String(repeating: "x", count: 41))]),
            ["key 'salutation': must be 1 to 40 characters"]
        )
        XCTAssertEqual(factory.configurationProblems(["greeting": .string("x")]), ["key 'greeting' is unknown; valid keys: salutation"])
    }

    func testBadLibrariesAreDiagnosticsNotCrashes() throws {
        let missing = LibraryManifestCheck.diagnostics(try manifest(library: "/nonexistent/libnothing.so"))
        XCTAssertEqual(missing.map(\.code), [.libraryLoadFailed])
        XCTAssertTrue(missing.first?.message.contains("no plugin library at /nonexistent/libnothing.so") ?? false)

        let notALibrary = folder.appendingPathComponent("libfake.so")
        try Data("not an ELF file".utf8).write(to: notALibrary)
        let garbage = LibraryManifestCheck.diagnostics(try manifest(library: notALibrary.path))
        XCTAssertTrue(garbage.first?.message.hasPrefix("cannot open \(notALibrary.path)") ?? false, "\(garbage)")

        let sqlite = ["/usr/lib/x86_64-linux-gnu/libsqlite3.so.0", "/usr/lib/aarch64-linux-gnu/libsqlite3.so.0"]
            .first { FileManager.default.fileExists(atPath: $0) }
        let foreign = LibraryManifestCheck.diagnostics(try manifest(library: try XCTUnwrap(sqlite)))
        XCTAssertTrue(foreign.first?.message.contains("does not export hc_plugin_entry") ?? false, "\(foreign)")
    }

    func testBadConfigurationFromTheLibraryIsADiagnostic() throws {
        let found = LibraryManifestCheck.diagnostics(try manifest(library: Self.library.get().path, configuration: #"{"salutation": ""}"#))
        XCTAssertEqual(found, [Diagnostic(
            .badConfiguration, plugin: "example-greeter", "configuration key 'salutation': must be 1 to 40 characters"
        )])
    }
}
