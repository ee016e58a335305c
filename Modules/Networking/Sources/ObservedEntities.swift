/// The entities an ``EntityMirror``'s observers want (nil: all), kept until the observers change.
struct ObservedEntities {
    let value: Set<String>?
}
