/// What a dialog button's `clicked` handler points to: the dialog and which button it is.
final class DialogTarget {
    unowned let dialog: ThreadImportDialog
    let confirms: Bool

    init(dialog: ThreadImportDialog, confirms: Bool) {
        self.dialog = dialog
        self.confirms = confirms
    }
}
