/// A message the example plugin hands back to the host through `error_out`.
struct GreeterFailure: Error {
    let message: String
}
