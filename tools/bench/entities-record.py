"""Records what Home Assistant really sends on subscribe_entities while its demo home is used, for
the entities benchmark's stream shaped like a real home (tools/bench/entities-stream-home.py).

  entities-record.py URL TOKEN OUT.json [ACTIONS]     default 1,500 actions

Subscribes to entities, then drives the demo's devices the way a home is used, seeded so a run
repeats: sensors reporting new values (their state set again with the attributes the integration
gave them), lights switched and dimmed with colours, media players playing, pausing and skipping
tracks, thermostats, covers, fans, switches, locks, humidifiers, water heaters and vacuums. Writes
{"initial": {entity: compressed state}, "changes": [{entity: diff}, ...], "groups": {entity:
group}}: the `a` of the first event and every `c` after it, byte for byte as the server sent them
(re-serialized compactly), with each entity's group (sensor, light, media, climate, other) for
the change mix.
"""
import asyncio
import json
import random
import sys

import aiohttp

URL, TOKEN, OUT = sys.argv[1], sys.argv[2], sys.argv[3]
ACTIONS = int(sys.argv[4]) if len(sys.argv) > 4 else 1500
random.seed(2024_3_3)


def group_of(entity_id):
    domain = entity_id.split(".")[0]
    if domain in ("sensor", "binary_sensor"):
        return "sensor"
    if domain == "light":
        return "light"
    if domain == "media_player":
        return "media"
    if domain in ("climate", "water_heater", "humidifier"):
        return "climate"
    return "other"


async def main():
    headers = {"Authorization": f"Bearer {TOKEN}"}
    async with aiohttp.ClientSession(headers=headers) as session:
        states = {state["entity_id"]: state for state in await (await session.get(f"{URL}/api/states")).json()}
        by_domain = {}
        for entity_id in states:
            by_domain.setdefault(entity_id.split(".")[0], []).append(entity_id)
        socket = await session.ws_connect(f"{URL}/api/websocket", max_msg_size=0)
        await socket.receive_json()
        await socket.send_json({"type": "auth", "access_token": TOKEN})
        await socket.receive_json()
        await socket.send_json({"id": 1, "type": "subscribe_entities"})
        initial, changes = None, []

        async def read():
            nonlocal initial
            async for message in socket:
                data = json.loads(message.data)
                event = data.get("event")
                if not event:
                    continue
                if "a" in event and initial is None:
                    initial = event["a"]
                    continue
                for entity_id, diff in event.get("c", {}).items():
                    changes.append({entity_id: diff})

        reader = asyncio.create_task(read())

        async def call(domain, service, **data):
            async with session.post(f"{URL}/api/services/{domain}/{service}", json=data) as answer:
                await answer.read()

        async def report(entity_id):
            state = states[entity_id]
            value = state["state"]
            try:
                number = float(value)
                value = str(round(number * random.uniform(0.97, 1.03), 2))
            except ValueError:
                pass
            async with session.post(f"{URL}/api/states/{entity_id}", json={"state": value, "attributes": state["attributes"]}) as answer:
                await answer.read()

        sensors = [e for e in by_domain.get("sensor", []) if not e.startswith("sensor.sun_")]
        actions = [
            (40, lambda: report(random.choice(sensors))),
            (12, lambda: call("light", "turn_on", entity_id=random.choice(by_domain["light"]), brightness=random.randint(1, 255),
                             hs_color=[random.randint(0, 359), random.randint(10, 100)])),
            (6, lambda: call("light", "turn_on", entity_id=random.choice(by_domain["light"]), color_temp_kelvin=random.randint(2500, 6000))),
            (6, lambda: call("light", "turn_off", entity_id=random.choice(by_domain["light"]))),
            (8, lambda: call("media_player", random.choice(["media_play", "media_pause", "media_next_track", "media_previous_track"]),
                             entity_id=random.choice(by_domain["media_player"]))),
            (2, lambda: call("media_player", "volume_set", entity_id=random.choice(by_domain["media_player"]), volume_level=round(random.random(), 2))),
            (3, lambda: call("climate", "set_temperature", entity_id="climate.heatpump", temperature=random.randint(15, 25))),
            (2, lambda: call("climate", "set_hvac_mode", entity_id=random.choice(["climate.hvac", "climate.heatpump"]), hvac_mode=random.choice(["heat", "cool", "off"]))),
            (3, lambda: call("cover", random.choice(["open_cover", "close_cover"]), entity_id=random.choice(by_domain["cover"]))),
            (2, lambda: call("cover", "set_cover_position", entity_id="cover.living_room_window", position=random.randint(0, 100))),
            (3, lambda: call("fan", "set_percentage", entity_id=random.choice(by_domain["fan"][:4]), percentage=random.randint(0, 100))),
            (3, lambda: call("switch", "toggle", entity_id=random.choice(by_domain["switch"]))),
            (2, lambda: call("lock", random.choice(["lock", "unlock"]), entity_id=random.choice(by_domain["lock"][:2]))),
            (2, lambda: call("humidifier", "set_humidity", entity_id="humidifier.humidifier", humidity=random.randint(30, 70))),
            (1, lambda: call("water_heater", "set_temperature", entity_id="water_heater.demo_water_heater", temperature=random.randint(110, 140))),
            (2, lambda: call("vacuum", random.choice(["start", "return_to_base", "pause"]), entity_id=random.choice(by_domain["vacuum"]))),
        ]
        weights = [weight for weight, _ in actions]
        for _ in range(ACTIONS):
            _, action = random.choices(actions, weights=weights)[0]
            await action()
        await asyncio.sleep(2)
        reader.cancel()
        await socket.close()
    with open(OUT, "w", encoding="utf-8") as out:
        json.dump({"initial": initial, "changes": changes, "groups": {e: group_of(e) for e in initial}}, out, separators=(",", ":"), ensure_ascii=False)
    sizes = [len(json.dumps(change, separators=(",", ":"), ensure_ascii=False)) for change in changes]
    print(f"recorded {len(initial)} entities and {len(changes)} changes (mean {sum(sizes) / max(1, len(sizes)):.0f} bytes)", file=sys.stderr)


asyncio.run(main())
