import Agent

/// A location source that is always at the same place.
struct FixedLocation: LocationSource {
    func locate() async throws -> LocationFix {
        LocationFix(latitude: 53.5, longitude: 10.0, accuracy: 12)
    }
}
