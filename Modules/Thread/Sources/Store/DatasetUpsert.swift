/// What adding a dataset to the store did. Two datasets with the same extended PAN ID describe one
/// network: the one with the newer active timestamp wins (as Home Assistant's own store decides).
public enum DatasetUpsert: Sendable, Equatable {
    /// A network the store did not know.
    case added
    /// The same network with a newer active timestamp: it replaced the stored one.
    case updated
    /// Byte for byte the stored one.
    case unchanged
    /// The stored one is as new or newer: it stays.
    case keptStored
}
