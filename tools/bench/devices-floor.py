"""The device model benchmark's floor: a Python client (websockets, json) that only fetches what
the model needs (the entity snapshot and the three registries) and parses it, assembling
nothing. Prints `python <ms to everything fetched and parsed> - <devices> <entities> <peak RSS MiB>`.

  devices-floor.py WS-URL     the token on standard input
"""
import asyncio
import json
import resource
import sys
import time

import websockets


async def main():
    token = sys.stdin.readline().strip()
    start = time.perf_counter()
    async with websockets.connect(sys.argv[1], max_size=None, compression=None) as ws:
        await ws.recv()
        await ws.send(json.dumps({"type": "auth", "access_token": token}))
        await ws.recv()
        await ws.send(json.dumps({"id": 1, "type": "subscribe_entities"}))
        snapshot = None
        while snapshot is None:
            message = json.loads(await ws.recv())
            if message.get("type") == "event":
                snapshot = message["event"]["a"]
        answers = {}
        for ident, kind in ((2, "area"), (3, "device"), (4, "entity")):
            await ws.send(json.dumps({"id": ident, "type": f"config/{kind}_registry/list"}))
            answers[kind] = json.loads(await ws.recv())["result"]
    elapsed = (time.perf_counter() - start) * 1000
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"python {elapsed:.1f} - {len(answers['device'])} {len(snapshot)} {rss:.1f}")


asyncio.run(main())
