"""A WebSocket peer for the client's conformance tests, built on the `websockets` library.

Run as `tools/ha-server python tools/ws-peer.py [CERT KEY]`; it exits when the process that
started it does. It listens on 127.0.0.1 and
prints `port N` (permessage-deflate accepted when offered), `plain-port N` (compression
refused) and, given a certificate and key, `tls-port N` (wss://, compression accepted); then
one line `closed PATH CODE` each time a client connection ends (CODE is the close code the
client sent, or `none`). The path of the request chooses the behaviour:

  /echo            echo each message
  /fragmented      send "Hello, fragmented world" in three fragments
  /large           send one text message of 5,000,000 bytes
  /ping            ping the client, then send "pong received" once its pong arrives
  /close           close cleanly with code 4000 and reason "bye"
  /abrupt          drop the TCP connection without a close frame
  /flood           send 2,000 binary messages of 64 KiB (each starting with its number) as
                   fast as the client reads them; print `flood sent N` after 3 seconds
  /bad-opcode      a frame with reserved opcode 3                  (client must close 1002)
  /masked          a masked server frame                           (1002)
  /bad-utf8        a text frame that is not UTF-8                  (1007)
  /too-big         a frame declaring 2,000,000 bytes               (1009 with a 1 MB limit)
  /continuation    a continuation frame with no message to continue (1002)
  /rsv2            a frame with RSV2 set                           (1002)
  /fragmented-ping a ping frame without FIN                        (1002)
  /bad-close       a close frame with the reserved code 1005       (1002)

Paths ending in /api/websocket play a Home Assistant that authenticates any token, then misbehaves:

  /ha-garbage/…    sends text that is not JSON
  /ha-oversized/…  sends a 2,000,000-byte message
  /ha-midclose/…   sends the first fragment of a message, then drops the connection
  /ha-silent/…     answers nothing after auth_ok: no results, no pongs
  /ha-mute/…       completes the WebSocket upgrade, then never says auth_required
  /ha-coalesced/…  answers subscribe_events with one frame holding the result, three events
                   (their keys in three orders) and a pong; and a ping with an auth_ok in a frame
  /ha-run-drop/…   answers assist_pipeline/run with its result and a run-start event, then drops
                   the connection; test/runs answers how many runs it got (every connection)
"""
import asyncio
import json
import os
import ssl
import sys

import websockets
from peer_lifetime import exit_with_parent

RAW = {
    "/bad-opcode": b"\x83\x02hi",
    "/masked": b"\x81\x82\x01\x02\x03\x04" + bytes(b ^ k for b, k in zip(b"hi", b"\x01\x02")),
    "/bad-utf8": b"\x81\x02\xc3\x28",
    "/too-big": b"\x82\x7f" + (2_000_000).to_bytes(8, "big") + b"\x00" * 1024,
    "/continuation": b"\x80\x02hi",
    "/rsv2": b"\xa1\x02hi",
    "/fragmented-ping": b"\x09\x02hi",
    "/bad-close": b"\x88\x02\x03\xed",
}

# How many assist_pipeline/run commands /ha-run-drop got, over all its connections.
RUNS = {"count": 0}


async def play_home_assistant(ws, behaviour):
    if behaviour == "/ha-mute":
        await ws.wait_closed()
        return
    await ws.send('{"type": "auth_required", "ha_version": "2024.3.3"}')
    await ws.recv()
    await ws.send('{"type": "auth_ok", "ha_version": "2024.3.3"}')
    if behaviour == "/ha-garbage":
        await ws.send("this is not json")
    elif behaviour == "/ha-oversized":
        await ws.send("x" * 2_000_000)
    elif behaviour == "/ha-silent":
        async for _ in ws:
            pass
    elif behaviour == "/ha-coalesced":
        async for raw in ws:
            message = json.loads(raw)
            if message.get("type") == "subscribe_events":
                i = message["id"]
                await ws.send(json.dumps([
                    {"id": i, "type": "result", "success": True, "result": None},
                    {"id": i, "type": "event", "event": {"n": 1}},
                    {"type": "event", "event": {"n": 2}, "id": i},
                    {"event": {"n": 3}, "id": i, "type": "event"},
                    {"id": 999, "type": "event", "event": {"n": "of no subscription"}},
                ]))
            elif message.get("type") == "ping" and message.get("id", 0) > 0:
                await ws.send(json.dumps([{"id": message["id"], "type": "pong"}, {"type": "auth_ok", "ha_version": "x"}]))
    elif behaviour == "/ha-run-drop":
        async for raw in ws:
            message = json.loads(raw)
            if message.get("type") == "assist_pipeline/run":
                RUNS["count"] += 1
                i = message["id"]
                await ws.send(json.dumps({"id": i, "type": "result", "success": True, "result": None}))
                await ws.send(json.dumps({"id": i, "type": "event", "event": {"type": "run-start"}}))
                ws.transport.abort()
                return
            elif message.get("type") == "test/runs":
                await ws.send(json.dumps({"id": message["id"], "type": "result", "success": True, "result": RUNS["count"]}))
    elif behaviour == "/ha-midclose":
        ws.transport.write(b"\x01\x05hello")
        ws.transport.abort()
        return
    await ws.wait_closed()


async def handle(ws):
    path = ws.path
    try:
        if path.endswith("/api/websocket"):
            await play_home_assistant(ws, path[: -len("/api/websocket")])
        elif path == "/echo":
            async for message in ws:
                await ws.send(message)
        elif path == "/fragmented":
            await ws.send(["Hello, ", "fragmented ", "world"])
            await ws.wait_closed()
        elif path == "/large":
            await ws.send("x" * 5_000_000)
            await ws.wait_closed()
        elif path == "/ping":
            waiter = await ws.ping(b"are you there")
            await waiter
            await ws.send("pong received")
            await ws.wait_closed()
        elif path == "/close":
            await ws.close(4000, "bye")
        elif path == "/abrupt":
            ws.transport.abort()
        elif path == "/flood":
            sent = [0]

            async def report():
                await asyncio.sleep(3)
                print(f"flood sent {sent[0]}", flush=True)

            reporter = asyncio.create_task(report())
            for number in range(2000):
                await ws.send(number.to_bytes(8, "big") + os.urandom(65536 - 8))
                sent[0] += 1
            await reporter
            await ws.wait_closed()
        elif path in RAW:
            ws.transport.write(RAW[path])
            await ws.wait_closed()
    except websockets.ConnectionClosed:
        pass
    finally:
        code = ws.close_rcvd.code if ws.close_rcvd else "none"
        print(f"closed {path} {code}", flush=True)




async def main():
    watcher = asyncio.create_task(exit_with_parent())
    options = {"max_size": None, "ping_interval": None}
    server = await websockets.serve(handle, "127.0.0.1", 0, **options)
    plain = await websockets.serve(handle, "127.0.0.1", 0, compression=None, **options)
    print(f"port {server.sockets[0].getsockname()[1]}", flush=True)
    print(f"plain-port {plain.sockets[0].getsockname()[1]}", flush=True)
    if len(sys.argv) == 3:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(sys.argv[1], sys.argv[2])
        secure = await websockets.serve(handle, "127.0.0.1", 0, ssl=context, **options)
        print(f"tls-port {secure.sockets[0].getsockname()[1]}", flush=True)
    await watcher


asyncio.run(main())
