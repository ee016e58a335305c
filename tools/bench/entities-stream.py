"""Writes the entities benchmark's stream in Home Assistant's exact subscribe_entities wire format.

  entities-stream.py FOLDER [ENTITIES] [DIFFS]      defaults: 10,000 entities, 100,000 diffs

FOLDER/events.jsonl holds one `event` object a line: the first adds every entity (`a`), each
later one changes one entity (`c`, with `+` and `-` parts as Home Assistant sends them). The last
diff sets sensor.bench_sentinel to "done". FOLDER/expected.json is the final state of every
entity, applied the way Home Assistant's frontend applies the diffs: {id: {s, a, lc, lu}}.
Seeded, so every run writes the same stream.
"""
import json
import pathlib
import random
import sys

from entities_apply import apply_diff

folder = pathlib.Path(sys.argv[1])
entities = int(sys.argv[2]) if len(sys.argv) > 2 else 10_000
diffs = int(sys.argv[3]) if len(sys.argv) > 3 else 100_000
random.seed(2024_3_3)
folder.mkdir(parents=True, exist_ok=True)
dump = lambda value: json.dumps(value, separators=(",", ":"), ensure_ascii=False)

domains = ["sensor", "light", "switch", "binary_sensor", "climate"]
clock = 1_795_000_000.0
state = {}
added = {}
for index in range(entities - 1):
    domain = domains[index % len(domains)]
    entity = f"{domain}.bench_{index}"
    attributes = {"friendly_name": f"Bench {domain} {index}"}
    if domain == "sensor":
        attributes.update(unit_of_measurement="°C", device_class="temperature", state_class="measurement")
        value = str(round(random.uniform(15, 25), 1))
    elif domain == "light":
        attributes.update(brightness=random.randint(0, 255), color_mode="hs", hs_color=[random.randint(0, 360), 75.0],
                          supported_color_modes=["hs", "color_temp"], supported_features=44)
        value = random.choice(["on", "off"])
    elif domain == "climate":
        attributes.update(current_temperature=21.5, temperature=22.0, hvac_modes=["off", "heat", "cool"], min_temp=7, max_temp=35)
        value = "heat"
    else:
        value = random.choice(["on", "off"])
    clock += 0.001
    compressed = {"s": value, "a": attributes, "c": f"01HBENCH{index:018d}", "lc": round(clock, 6)}
    added[entity] = compressed
    state[entity] = {"s": value, "a": dict(attributes), "lc": compressed["lc"], "lu": compressed["lc"]}
added["sensor.bench_sentinel"] = {"s": "0", "a": {}, "c": "01HBENCHSENTINEL", "lc": round(clock, 6)}
state["sensor.bench_sentinel"] = {"s": "0", "a": {}, "lc": round(clock, 6), "lu": round(clock, 6)}

ids = list(state)
with open(folder / "events.jsonl", "w", encoding="utf-8") as out:
    out.write(dump({"a": added}) + "\n")
    for number in range(diffs):
        clock += 0.0005
        stamp = round(clock, 6)
        entity = "sensor.bench_sentinel" if number == diffs - 1 else random.choice(ids[:-1])
        current = state[entity]
        plus, minus = {}, None
        kind = random.random()
        if number == diffs - 1:
            plus = {"s": "done", "lc": stamp}
        elif kind < 0.6:
            new = str(round(random.uniform(15, 25), 1)) if entity.startswith("sensor.") else ("off" if current["s"] == "on" else "on")
            plus = {"s": new, "lc": stamp, "c": f"01HDIFF{number:019d}"}
        elif kind < 0.9:
            plus = {"a": {"brightness": random.randint(0, 255), "last_seen": stamp}, "lu": stamp}
        else:
            if "last_seen" in current["a"]:
                minus = {"a": ["last_seen"]}
            plus = {"lu": stamp}
        diff = {"+": plus} if minus is None else {"+": plus, "-": minus}
        out.write(dump({"c": {entity: diff}}) + "\n")
        apply_diff(current, diff)

(folder / "expected.json").write_text(dump(state), encoding="utf-8")
print(f"wrote {entities} entities and {diffs} diffs to {folder}", file=sys.stderr)
