import CWebKitGTK

/// A referenced WebKit request carried to a task and back to the UI thread, where alone it is used.
final class RequestHandle: @unchecked Sendable {
    let request: OpaquePointer

    init(_ request: OpaquePointer) {
        self.request = request
    }
}
