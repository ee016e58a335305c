/// A coding key for an array position, so paths read `states[3]`.
struct IndexKey: CodingKey {
    let intValue: Int?
    let stringValue: String

    init(_ index: Int) {
        intValue = index
        stringValue = "[\(index)]"
    }

    init?(stringValue: String) { nil }

    init?(intValue: Int) { self.init(intValue) }
}
