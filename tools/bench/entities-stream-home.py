"""Writes the entities benchmark's stream shaped like a real home, from what Home Assistant really
sent (a recording by tools/bench/entities-record.py), in the same files as entities-stream.py.

  entities-stream-home.py FOLDER RECORDING [ENTITIES] [DIFFS] [DOMAINS]
                                      defaults: 10,000, 100,000 and every domain

DOMAINS (comma-separated, e.g. light,media_player,climate) draws the diffs of those domains'
entities only: a home whose busy entities are its lights, players and thermostats.

Each recorded entity is copied (its id and friendly name numbered) until there are ENTITIES,
with every attribute as the integration gave it; each diff is a recorded diff, drawn at random so
the recording's mix holds (sensors reporting, lights with their colour fields, media players'
titles and pictures, ...), sent to a random copy of its entity with the stream's own clock and a
fresh context id where the recording had one (kept with its user id when it has one). The last diff sets sensor.bench_sentinel to "done".
Prints the mean bytes per entity (its compressed state) and per change (its event) on stderr.
Seeded, so every run writes the same stream.
"""
import copy
import json
import pathlib
import random
import string
import sys

from entities_apply import apply_diff

folder = pathlib.Path(sys.argv[1])
recording = json.loads(pathlib.Path(sys.argv[2]).read_text(encoding="utf-8"))
entities = int(sys.argv[3]) if len(sys.argv) > 3 else 10_000
diffs = int(sys.argv[4]) if len(sys.argv) > 4 else 100_000
domains = set(sys.argv[5].split(",")) if len(sys.argv) > 5 else None
random.seed(2024_3_3)
folder.mkdir(parents=True, exist_ok=True)
dump = lambda value: json.dumps(value, separators=(",", ":"), ensure_ascii=False)
ULID = string.digits + "ABCDEFGHJKMNPQRSTVWXYZ"

templates = sorted(recording["initial"])
clock = 1_795_000_000.0
added, state, copies = {}, {}, {}
for index in range(entities - 1):
    template = templates[index % len(templates)]
    number = index // len(templates)
    entity = f"{template}_{number}"
    compressed = copy.deepcopy(recording["initial"][template])
    if "friendly_name" in compressed.get("a", {}):
        compressed["a"]["friendly_name"] = f"{compressed['a']['friendly_name']} {number}"
    clock += 0.001
    compressed["lc"] = round(clock, 6)
    compressed.pop("lu", None)
    compressed["c"] = "".join(random.choice(ULID) for _ in range(26))
    added[entity] = compressed
    state[entity] = {"s": compressed["s"], "a": dict(compressed.get("a", {})), "lc": compressed["lc"], "lu": compressed["lc"]}
    copies.setdefault(template, []).append(entity)
added["sensor.bench_sentinel"] = {"s": "0", "a": {}, "c": "01HBENCHSENTINEL0000000000", "lc": round(clock, 6)}
state["sensor.bench_sentinel"] = {"s": "0", "a": {}, "lc": round(clock, 6), "lu": round(clock, 6)}

recorded = [(entity, diff) for change in recording["changes"] for entity, diff in change.items()
            if entity in copies and (domains is None or entity.split(".")[0] in domains)]
first = dump({"a": added})
sizes = []
with open(folder / "events.jsonl", "w", encoding="utf-8") as out:
    out.write(first + "\n")
    for number in range(diffs):
        clock += 0.0005
        stamp = round(clock, 6)
        if number == diffs - 1:
            entity, diff = "sensor.bench_sentinel", {"+": {"s": "done", "lc": stamp}}
        else:
            template, original = random.choice(recorded)
            entity, diff = random.choice(copies[template]), copy.deepcopy(original)
            plus = diff.get("+", {})
            if "lc" in plus:
                plus["lc"] = stamp
            if "lu" in plus:
                plus["lu"] = stamp
            if isinstance(plus.get("c"), str):
                plus["c"] = "".join(random.choice(ULID) for _ in range(26))
            elif isinstance(plus.get("c"), dict):
                plus["c"]["id"] = "".join(random.choice(ULID) for _ in range(26))
        line = dump({"c": {entity: diff}})
        sizes.append(len(line.encode()))
        out.write(line + "\n")
        apply_diff(state[entity], diff)

(folder / "expected.json").write_text(dump(state), encoding="utf-8")
per_entity = len(first.encode()) / entities
print(f"wrote {entities} entities ({per_entity:.0f} bytes each) and {diffs} diffs ({sum(sizes) / len(sizes):.0f} bytes each) to {folder}",
      file=sys.stderr)
