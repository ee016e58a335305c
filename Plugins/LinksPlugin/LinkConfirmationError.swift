/// No one could be asked whether a link may act on the server.
enum LinkConfirmationError: Error, CustomStringConvertible {
    case noAnswer(String)

    var description: String {
        switch self {
        case .noAnswer(let why): "could not ask whether to follow the link: \(why)"
        }
    }
}
