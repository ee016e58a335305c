/// The attribute names of a store's ``CompactAttributes``, each kept once and named in the
/// attributes by a small number: 10,000 sensors share one `friendly_name`.
///
/// At most ``capacity`` names are kept, so a server that sends ever new names cannot grow the
/// table without bound; attributes beyond that carry their name themselves. It also holds the
/// scratch space a value is encoded in before it takes its place, so setting one allocates
/// nothing. Not thread-safe: its store uses it under its own lock.
public final class AttributeKeys {
    /// The most names kept.
    public static let capacity = 4096

    private var numbers: [String: Int] = [:]
    private var names: [String] = []
    var scratch: [UInt8] = []

    /// An empty table.
    public init() {}

    /// How many names are kept.
    public var count: Int { names.count }

    /// The number of `name`, kept now if it was not and there is room.
    func number(keeping name: String) -> Int? {
        if let number = numbers[name] { return number }
        guard names.count < Self.capacity else { return nil }
        numbers[name] = names.count
        names.append(name)
        return names.count - 1
    }

    /// The number of `name`, if it has one.
    func existingNumber(_ name: String) -> Int? { numbers[name] }

    /// The name numbered `number`.
    func name(_ number: Int) -> String {
        names[number]
    }
}
