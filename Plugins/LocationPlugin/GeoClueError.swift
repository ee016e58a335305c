/// Why GeoClue gave no location.
struct GeoClueError: Error, CustomStringConvertible {
    let description: String
}
