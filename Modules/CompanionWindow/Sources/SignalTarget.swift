
/// What a GTK or WebKit signal handler's `user_data` points to: the view, and for a script
/// message the handler it was posted to. The view keeps these alive as long as itself.
final class SignalTarget {
    unowned let view: CompanionWebView
    let handler: String

    init(view: CompanionWebView, handler: String = "") {
        self.view = view
        self.handler = handler
    }
}
