import WindowBridge

/// The stored session cannot serve the window.
struct WindowSessionError: Error, CustomStringConvertible {
    let description: String
}
