import CProcessLimits

/// A process that holds secrets (the server token, the relay's keys) leaves no core file with
/// them in it, and no other process of the user can attach to it.
public enum CoreDumps {
    /// Forbids core dumps from here on: the core size limit 0 (hard too) and not dumpable.
    /// True when both took.
    @discardableResult
    public static func forbid() -> Bool {
        hc_forbid_core_dumps() == 0
    }

    /// Whether this process may still dump core.
    public static var allowed: Bool { hc_is_dumpable() != 0 }
}
