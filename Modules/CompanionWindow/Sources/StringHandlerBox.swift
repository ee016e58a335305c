/// A Swift handler of one string, carried through a C signal's `user_data` (the single instance's
/// `open` action, logind's and NetworkManager's signals); its owner keeps it alive as long as the subscription.
final class StringHandlerBox {
    let handler: (String) -> Void

    init(_ handler: @escaping (String) -> Void) {
        self.handler = handler
    }
}
