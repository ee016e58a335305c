"""Replays tools/bench/entities-stream.py's stream as a Home Assistant WebSocket API on loopback.

  entities-server.py FOLDER     prints `port N` (permessage-deflate accepted) and `plain-port N` (refused)

It accepts any token, answers every command with an empty success, and answers
subscribe_entities with the recorded events, each tagged with the subscription's id. It exits
when the process that started it does.
"""
import asyncio
import json
import os
import pathlib
import sys

import websockets
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from ha_handshake import accept_any_token  # noqa: E402
from peer_lifetime import exit_with_parent  # noqa: E402

events = (pathlib.Path(sys.argv[1]) / "events.jsonl").read_text(encoding="utf-8").splitlines()


async def handle(ws):
    await accept_any_token(ws)
    try:
        async for text in ws:
            message = json.loads(text)
            ident = message["id"]
            await ws.send(f'{{"id":{ident},"type":"result","success":true,"result":null}}')
            if message["type"] == "subscribe_entities":
                for line in events:
                    await ws.send(f'{{"id":{ident},"type":"event","event":{line}}}')
    except websockets.ConnectionClosed:
        pass




async def main():
    options = {"max_size": None, "ping_interval": None, "max_queue": None}
    server = await websockets.serve(handle, "127.0.0.1", 0, **options)
    plain = await websockets.serve(handle, "127.0.0.1", 0, compression=None, **options)
    print(f"port {server.sockets[0].getsockname()[1]}", flush=True)
    print(f"plain-port {plain.sockets[0].getsockname()[1]}", flush=True)
    await exit_with_parent()


asyncio.run(main())
