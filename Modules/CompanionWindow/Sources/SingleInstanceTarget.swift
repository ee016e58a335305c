/// What the `open` action's handler points to: the window's handler of a URL.
final class SingleInstanceTarget {
    let handler: (String) -> Void

    init(_ handler: @escaping (String) -> Void) {
        self.handler = handler
    }
}
