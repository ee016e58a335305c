/// What an out-of-tree plugin's control said went wrong.
struct ForeignControlError: Error, CustomStringConvertible {
    let description: String
}
