/// Why a step of setting an integration up could not be taken here: an answer typed that the
/// field does not take (saying what it takes), or a server whose registry cannot be read.
struct IntegrationSetupError: Error, Equatable, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
