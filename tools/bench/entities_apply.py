"""The entities benchmark's one copy of how Home Assistant's frontend applies subscribe_entities
events (the stream generator, hass-client and websockets+orjson clients all use it): added
states replace, diffs' `+` fields replace (a new `lc` moves `lu` with it) and merge attributes,
`-` removes attributes, `r` removes entities. States are {s, a, lc, lu}."""


def apply_diff(current, diff):
    """Applies one entity's diff ({"+": …, "-": …}) to its state in place."""
    plus = diff.get("+")
    if plus:
        if "s" in plus:
            current["s"] = plus["s"]
        if "lc" in plus:
            current["lc"] = current["lu"] = plus["lc"]
        elif "lu" in plus:
            current["lu"] = plus["lu"]
        if "a" in plus:
            current["a"].update(plus["a"])
    minus = diff.get("-")
    if minus and "a" in minus:
        for name in minus["a"]:
            current["a"].pop(name, None)


def apply_event(entities, event):
    """Applies one subscribe_entities event to {entity_id: state}."""
    for entity_id, compressed in event.get("a", {}).items():
        entities[entity_id] = {"s": compressed["s"], "a": dict(compressed.get("a", {})), "lc": compressed["lc"],
                               "lu": compressed.get("lu", compressed["lc"])}
    for entity_id, diff in event.get("c", {}).items():
        current = entities.get(entity_id)
        if current is not None:
            apply_diff(current, diff)
    for entity_id in event.get("r", []):
        entities.pop(entity_id, None)
