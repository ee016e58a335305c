/// Why Assist gave no answer.
struct AssistError: Error, CustomStringConvertible {
    let description: String
}
