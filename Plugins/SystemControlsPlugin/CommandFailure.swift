/// Why a control's command did not do its work.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
}
