/// What the rate-limit store writes after a slice of a round has been written.
enum WriteStep {
    /// The next slice of the same round, at once.
    case slice
    /// A new round of what changed meanwhile, after the write interval.
    case round
    /// Nothing: every count is written.
    case done
}
