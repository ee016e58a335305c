/// The descriptor JSON an out-of-tree plugin publishes in its table.
struct DynamicDescriptor: Decodable {
    let id: String
    let version: String
    let summary: String?
    let provides: [CapabilityID]?
    let requires: [CapabilityID]?
    let contributes: [ContributionDeclaration]?
    let consumes: [String]?
    let configurationKeys: [String]?
    let failurePolicy: FailurePolicy?
}
