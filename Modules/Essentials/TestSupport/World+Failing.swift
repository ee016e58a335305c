import Essentials

extension World {
    /// A world whose members that reach outside the process (wall clock, environment, folders,
    /// logger) stop the test with a message naming them, so a test that forgot to set one fails
    /// loudly instead of reaching the real machine. The monotonic clock, sleep and randomness are
    /// the machine's (they touch nothing outside the process); a test that needs them fixed sets them.
    public static let failing = World(
        now: { unset("now") },
        environment: { unset("environment") },
        directories: { unset("directories") },
        logger: { _ in unset("logger") }
    )

    private static func unset(_ member: String) -> Never {
        preconditionFailure("Current.\(member) was used but this test did not set it")
    }
}
