import CompanionWindow
import Foundation
import XCTest

/// One Xvfb for the whole test process, with GTK started on it the way window.md found works on
/// this machine (X11, cairo, software GL, no DMA-BUF). GTK starts once per process, on the main
/// thread, so the window tests are synchronous and run the GLib loop themselves.
enum VirtualDisplay {
    /// Starts the display and GTK the first time; nil when it worked, else why not.
    static let problem: String? = start()

    /// Skips the test when there is no display, or fails it when HC_REQUIRE_INTEGRATION=1 (as
    /// `IntegrationEnvironment.require` does for the server): CI never skips a window test.
    static func require(file: StaticString = #filePath, line: UInt = #line) throws {
        guard let problem else { return }
        if ProcessInfo.processInfo.environment["HC_REQUIRE_INTEGRATION"] == "1" {
            XCTFail("no window here: \(problem) (HC_REQUIRE_INTEGRATION=1 makes this a failure)", file: file, line: line)
        }
        throw XCTSkip("no window here: \(problem)")
    }

    /// The variables a child process needs to draw on the display, as window.md found works.
    static var variables: [String: String] {
        ["GDK_BACKEND": "x11", "GSK_RENDERER": "cairo", "LIBGL_ALWAYS_SOFTWARE": "1", "WEBKIT_DISABLE_DMABUF_RENDERER": "1"]
            .merging(["DISPLAY": getenv("DISPLAY").map { String(cString: $0) } ?? ""]) { $1 }
    }

    private static func start() -> String? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb") else { return "no Xvfb (tools/setup installs xvfb)" }
        guard let number = (100..<400).first(where: { !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\($0)") && !FileManager.default.fileExists(atPath: "/tmp/.X\($0)-lock") }) else {
            return "no free X display number"
        }
        // Xvfb ends with this process: the shell beside it waits until it is no longer this
        // process's child (a test process that ended is a zombie until reaped, so `kill -0` would
        // still find it). Neither holds the test's output open, or `swift test` would wait for them.
        let keeper = Process()
        keeper.executableURL = URL(fileURLWithPath: "/bin/sh")
        keeper.arguments = [
            "-c",
            "Xvfb :$1 -screen 0 1280x1024x24 -nolisten tcp >/dev/null 2>&1 & x=$!; "
                + "while read -r _ _ _ parent _ < /proc/$$/stat && [ \"$parent\" = \"$2\" ]; do sleep 1; done; kill $x",
            "sh", "\(number)", "\(getpid())",
        ]
        keeper.standardInput = FileHandle.nullDevice
        keeper.standardOutput = FileHandle.nullDevice
        keeper.standardError = FileHandle.nullDevice
        do {
            try keeper.run()
        } catch {
            return "cannot start Xvfb: \(error)"
        }
        let deadline = Date().addingTimeInterval(15)
        while !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") {
            guard Date() < deadline else { return "Xvfb :\(number) did not start within 15 s" }
            usleep(50_000)
        }
        setenv("DISPLAY", ":\(number)", 1)
        for (name, value) in variables { setenv(name, value, 1) }
        return WindowToolkit.start() ? nil : "GTK could not open display :\(number)"
    }
}
