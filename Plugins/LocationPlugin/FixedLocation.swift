import Agent

/// A place set by hand in the manifest, for a machine that does not move.
struct FixedLocation: LocationSource {
    let fix: LocationFix

    func locate() async throws -> LocationFix { fix }
}
