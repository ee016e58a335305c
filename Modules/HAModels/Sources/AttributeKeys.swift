/// The attribute names of a store's ``CompactAttributes``, each kept once and named in the
/// attributes by a small number: 10,000 sensors share one `friendly_name`.
///
/// At most ``capacity`` names are kept, so a server that sends ever new names cannot grow the
/// table without bound; attributes beyond that carry their name themselves. It also keeps the
/// buffers a diff is merged with, so applying one allocates nothing. Not thread-safe: its store
/// uses it under its own lock.
public final class AttributeKeys {
    /// The most names kept.
    public static let capacity = 4096

    /// The names (``AttributeNameTable``).
    var names = AttributeNameTable()
    /// The buffers a diff's attributes are merged with, kept from one diff to the next.
    var merge = CompactAttributeMerge()

    /// An empty table.
    public init() {}

    /// How many names are kept.
    public var count: Int { names.count }

    /// The number of `name`, if it has one.
    func existingNumber(_ name: String) -> Int? {
        var name = name
        return name.withUTF8 { names.existingNumber($0) }
    }

    /// The name numbered `number`.
    func name(_ number: Int) -> String {
        names.name(number)
    }
}
