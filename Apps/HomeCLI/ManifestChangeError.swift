import Essentials

/// Why a plugin could not be turned on or off in the manifest; the file is left as it was.
struct ManifestChangeError: CallerError {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
