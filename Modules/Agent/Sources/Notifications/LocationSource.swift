/// Tells where this machine is (GeoClue, a fixed place, …), for `request_location_update`.
public protocol LocationSource: Sendable {
    /// Reads the current location.
    func locate() async throws -> LocationFix
}
