"""The Python reference for the entities benchmark: hass-client subscribing to entities, the
diffs applied as Home Assistant's frontend applies them, checked against the expected state.

  entities-hass-client.py URL EXPECTED    prints: hass-client <cpu seconds> <peak RSS MiB> <ok|MISMATCH>

hass-client's aiohttp connection offers no permessage-deflate, so it runs without compression.
"""
import asyncio
import json
import resource
import sys

from hass_client import HomeAssistantClient

from entities_apply import apply_event


async def main():
    url, expected_path = sys.argv[1], sys.argv[2]
    entities = {}
    done = asyncio.Event()

    def on_event(event):
        apply_event(entities, event)
        if entities.get("sensor.bench_sentinel", {}).get("s") == "done":
            done.set()

    # Entering the client connects and starts its listener.
    async with HomeAssistantClient(url, "token", max_msg_size=0) as client:
        # No entity filter: every entity, as the frontend subscribes.
        await client.subscribe_entities(on_event, None)
        await done.wait()
    usage = resource.getrusage(resource.RUSAGE_SELF)
    with open(expected_path, encoding="utf-8") as handle:
        expected = json.load(handle)
    verdict = "ok" if expected == entities else "MISMATCH"
    print(f"hass-client {usage.ru_utime + usage.ru_stime:.3f} {usage.ru_maxrss / 1024:.1f} {verdict}")


asyncio.run(main())
