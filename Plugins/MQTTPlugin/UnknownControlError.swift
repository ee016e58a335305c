import Essentials

/// A control id this machine does not have.
struct UnknownControlError: CallerError {
    let description: String
}
