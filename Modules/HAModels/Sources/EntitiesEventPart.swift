/// A part of a `subscribe_entities` event: its added states (`a`), diffs (`c`) or removed ids (`r`).
public enum EntitiesEventPart: Sendable {
    case added, changed, removed
}
