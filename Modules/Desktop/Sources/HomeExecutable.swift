import FoundationEssentials

/// The `home` executable that desktop entries run: the one beside the running program (`home`
/// itself, or `home-window` beside it, as a package and a build install them).
public enum HomeExecutable {
    /// Its path; nil when the running program cannot be found.
    public static func path() -> String? {
        guard let running = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
        return URL(fileURLWithPath: running).deletingLastPathComponent().appendingPathComponent("home").path
    }
}
