import Essentials

extension World {
    /// A world whose every member stops the test with a message naming it, so a test that
    /// forgot to set a dependency fails loudly instead of reaching the real machine.
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
