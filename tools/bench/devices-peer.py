"""A synthetic home as a Home Assistant WebSocket API on loopback: AREAS areas, DEVICES devices
of five entities each (a light, power and energy sensors, a motion sensor, a switch), their
registries and the states' snapshot in subscribe_entities' compressed form. A client's
{"type": "bench/changes", "count": N, "rate": R} makes it send N state changes on the entity
subscription, one event each as Home Assistant sends them (power readings, brightness, motion,
switches, each with a new context), R a second (as fast as it can with R 0), then a last one
that sets sensor.d00000_energy to "done".

  devices-peer.py DEVICES AREAS     prints `port N`; exits with the process that started it
"""
import asyncio
import json
import os
import random
import sys

import websockets
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from ha_handshake import accept_any_token  # noqa: E402
from peer_lifetime import exit_with_parent  # noqa: E402

DEVICES, AREAS = int(sys.argv[1]), int(sys.argv[2])
KINDS = [("light", "light", "on", {"brightness": 128, "supported_color_modes": ["color_temp", "hs"], "color_mode": "hs",
                                     "hs_color": [30.0, 50.0], "min_color_temp_kelvin": 2000, "max_color_temp_kelvin": 6500}),
         ("sensor", "power", "12.5", {"unit_of_measurement": "W", "device_class": "power", "state_class": "measurement"}),
         ("sensor", "energy", "1024.2", {"unit_of_measurement": "kWh", "device_class": "energy", "state_class": "total_increasing"}),
         ("binary_sensor", "motion", "off", {"device_class": "motion"}),
         ("switch", "relay", "off", {"device_class": "outlet"})]
areas = [{"area_id": f"area_{a}", "name": f"Area {a}", "aliases": [], "icon": None, "picture": None} for a in range(AREAS)]
devices, entities, states = [], [], {}
for d in range(DEVICES):
    device_id = f"device{d:05d}"
    devices.append({"id": device_id, "name": f"Device {d}", "name_by_user": None, "area_id": f"area_{d % AREAS}" if d % 7 else None,
                    "config_entries": ["bench"], "configuration_url": None, "connections": [], "identifiers": [["bench", device_id]],
                    "disabled_by": None, "entry_type": None, "manufacturer": "Bench", "model": "B1", "hw_version": None,
                    "sw_version": "1.0", "serial_number": None, "via_device_id": None})
    for domain, name, state, attributes in KINDS:
        entity_id = f"{domain}.d{d:05d}_{name}"
        entities.append({"id": f"r{entity_id}", "entity_id": entity_id, "unique_id": f"u{entity_id}", "platform": "bench", "name": None,
                         "original_name": name, "icon": None, "area_id": None, "device_id": device_id, "config_entry_id": "bench",
                         "disabled_by": None, "hidden_by": None, "entity_category": None, "has_entity_name": True,
                         "translation_key": None, "labels": [], "options": {}})
        states[entity_id] = {"s": state, "a": dict(attributes, friendly_name=f"Device {d} {name}"), "c": f"ctx{d}", "lc": 1700000000.0}
answers = {
    "get_config": {"location_name": "Bench", "unit_system": {"temperature": "°C"}},
    "config/area_registry/list": areas, "config/device_registry/list": devices, "config/entity_registry/list": entities,
}
snapshot = json.dumps({"a": states})
encoded = {kind: json.dumps(value) for kind, value in answers.items()}


def change(number):
    """One state change of a random entity, in subscribe_entities' diff form."""
    d = random.randrange(DEVICES)
    context = f'"c":"01HQ{number:022d}","lu":{1700000000 + number / 1000:.3f}'
    pick = random.random()
    if pick < 0.6:
        return f'{{"sensor.d{d:05d}_power":{{"+":{{"s":"{random.uniform(0, 2000):.1f}",{context}}}}}}}'
    if pick < 0.8:
        return f'{{"light.d{d:05d}_light":{{"+":{{"a":{{"brightness":{random.randrange(1, 256)}}},{context}}}}}}}'
    if pick < 0.9:
        return f'{{"binary_sensor.d{d:05d}_motion":{{"+":{{"s":"{random.choice(["on", "off"])}",{context},"lc":{1700000000 + number}}}}}}}'
    return f'{{"switch.d{d:05d}_relay":{{"+":{{"s":"{random.choice(["on", "off"])}",{context},"lc":{1700000000 + number}}}}}}}'


async def handle(ws):
    await accept_any_token(ws)
    subscription = None
    try:
        async for text in ws:
            message = json.loads(text)
            ident, kind = message["id"], message["type"]
            await ws.send(f'{{"id":{ident},"type":"result","success":true,"result":{encoded.get(kind, "null")}}}')
            if kind == "subscribe_entities":
                subscription = ident
                await ws.send(f'{{"id":{ident},"type":"event","event":{snapshot}}}')
            if kind == "bench/changes" and subscription is not None:
                rate, began = message.get("rate", 0), asyncio.get_running_loop().time()
                for number in range(message["count"]):
                    await ws.send(f'{{"id":{subscription},"type":"event","event":{{"c":{change(number)}}}}}')
                    if rate and number % max(1, rate // 100) == 0:
                        await asyncio.sleep(max(0.0, began + number / rate - asyncio.get_running_loop().time()))
                done = '{"sensor.d00000_energy":{"+":{"s":"done"}}}'
                await ws.send(f'{{"id":{subscription},"type":"event","event":{{"c":{done}}}}}')
    except websockets.ConnectionClosed:
        pass


async def main():
    server = await websockets.serve(handle, "127.0.0.1", 0, max_size=None, ping_interval=None, compression=None)
    print(f"port {server.sockets[0].getsockname()[1]}", flush=True)
    await exit_with_parent()


asyncio.run(main())
