import FoundationEssentials

/// Finds a program as a shell would: in the folders of `PATH`, in order.
public enum ExecutableSearch {
    /// The path of the executable `name` in the first folder of `PATH` that has one, or nil.
    public static func onPath(_ name: String) -> String? {
        (Current.environment()["PATH"] ?? "").split(separator: ":").lazy.filter { !$0.isEmpty }.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
