
/// A view the settings scheme may answer, held weakly so a closed window goes away.
final class WeakViewBox {
    weak var view: CompanionWebView?

    init(_ view: CompanionWebView) {
        self.view = view
    }
}
