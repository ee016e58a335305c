import FoundationEssentials
import Glibc

/// Shell-style patterns on entity ids: `light.*`, `sensor.*_temperature`; none matches everything.
struct EntityPattern {
    let patterns: [String]

    func matches(_ entityID: String) -> Bool {
        patterns.isEmpty || patterns.contains { fnmatch($0, entityID, 0) == 0 }
    }
}
