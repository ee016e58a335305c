/// Which location source the manifest chose.
enum LocationSourceKind: Sendable, Equatable {
    case geoClue
    case fixed(latitude: Double, longitude: Double, accuracy: Double)
}
