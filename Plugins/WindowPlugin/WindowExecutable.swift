import CLIKit
import Essentials
import FoundationEssentials
import Glibc

/// The `home-window` executable: beside the running `home` (as a package and a build install
/// them), else on `PATH`.
enum WindowExecutable {
    static let name = "home-window"
    /// Set for the `home-window` that `home window` starts, so it never starts another.
    static let startedVariable = "HOME_WINDOW_STARTED"

    /// Replaces this process with `home-window` given `arguments` (home's own, so the global
    /// options and the command line carry over); returns only when there is none to run.
    static func replaceProcess(arguments: [String]) throws -> ExitCode {
        // home-window itself has the frontend; reaching here in it means its plugin did not start.
        guard Current.environment()[startedVariable] == nil else {
            throw WindowMissing(description: "home-window has no window to open: its window-ui plugin did not start ('home plugins' shows why; it needs the session and agent plugins)")
        }
        guard let path = locate() else {
            throw WindowMissing(description: """
                the window is not installed: install the home-companion-window package, or build it with \
                'swift build --product home-window' (it needs libwebkitgtk-6.0-dev) and keep it beside home
                """)
        }
        let argv = ([name] + arguments).map { strdup($0) } + [nil]
        setenv(startedVariable, "1", 1)
        execv(path, argv)
        throw WindowMissing(description: "cannot start \(path): \(String(cString: strerror(errno)))")
    }

    static func locate() -> String? {
        var candidates: [String] = []
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append(URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent(name).path)
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? ExecutableSearch.onPath(name)
    }
}
