/// Why a template gave no result.
struct TemplateError: Error, CustomStringConvertible {
    let description: String
}
