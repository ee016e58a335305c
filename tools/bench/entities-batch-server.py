"""The entities benchmark's stream as a fast server sends it: after the handshake, the
subscribe_entities events are encoded up front and written back to back in 64 KiB chunks (as a
busy Home Assistant after a restart fills the socket), with and without permessage-deflate; and
the same bytes paced (a slow server), to compare the memory a client needs with each.

  entities-batch-server.py FOLDER     prints `batch-port N`, `deflate-port N`, `slow-port N`

A raw asyncio server (no WebSocket library between the bytes and the socket): it accepts any
token, answers every command with an empty success and, for subscribe_entities, writes the
recorded events tagged with the subscription's id. It exits when the process that started it does.
"""
import asyncio
import base64
import hashlib
import json
import os
import pathlib
import struct
import sys
import zlib

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from peer_lifetime import exit_with_parent  # noqa: E402

CHUNK = 64 * 1024
GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
events = (pathlib.Path(sys.argv[1]) / "events.jsonl").read_bytes().splitlines()
encoded = {}


def frame(payload, compressed=False):
    first = 0x81 | (0x40 if compressed else 0)
    size = len(payload)
    if size < 126:
        return bytes([first, size]) + payload
    if size < 65536:
        return bytes([first, 126]) + struct.pack("!H", size) + payload
    return bytes([first, 127]) + struct.pack("!Q", size) + payload


class Deflater:
    def __init__(self):
        self.context = zlib.compressobj(zlib.Z_DEFAULT_COMPRESSION, zlib.DEFLATED, -15)

    def message(self, payload):
        data = self.context.compress(payload) + self.context.flush(zlib.Z_SYNC_FLUSH)
        return frame(data[:-4], compressed=True)


def stream(ident, deflate):
    """Every event frame of the subscription, encoded once per (id, deflate)."""
    key = (ident, deflate)
    if key not in encoded:
        prefix = b'{"id":%d,"type":"event","event":' % ident
        messages = (prefix + line + b"}" for line in events)
        encoded[key] = b"".join(deflate.message(m) if deflate else frame(m) for m in messages)
    return encoded[key]


async def read_message(reader, inflater):
    """One client message (masked; inflated when it is compressed)."""
    head = await reader.readexactly(2)
    size = head[1] & 0x7F
    if size == 126:
        size = struct.unpack("!H", await reader.readexactly(2))[0]
    elif size == 127:
        size = struct.unpack("!Q", await reader.readexactly(8))[0]
    mask = await reader.readexactly(4)
    data = bytes(b ^ mask[i % 4] for i, b in enumerate(await reader.readexactly(size)))
    if head[0] & 0x0F == 8:
        raise EOFError
    if head[0] & 0x40:
        data = inflater.decompress(data + b"\x00\x00\xff\xff")
    return data


def server(mode):
    async def handle(reader, writer):
        request = await reader.readuntil(b"\r\n\r\n")
        headers = {}
        for line in request.decode().split("\r\n")[1:]:
            if ":" in line:
                name, value = line.split(":", 1)
                headers[name.strip().lower()] = value.strip()
        accept = base64.b64encode(hashlib.sha1(headers["sec-websocket-key"].encode() + GUID).digest()).decode()
        deflate = mode == "deflate" and "permessage-deflate" in headers.get("sec-websocket-extensions", "")
        extension = "Sec-WebSocket-Extensions: permessage-deflate\r\n" if deflate else ""
        writer.write(f"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                     f"Sec-WebSocket-Accept: {accept}\r\n{extension}\r\n".encode())
        deflater = Deflater() if deflate else None
        inflater = zlib.decompressobj(-15)
        send = (lambda text: deflater.message(text)) if deflate else frame
        writer.write(send(b'{"type":"auth_required","ha_version":"2024.3.3"}'))
        try:
            await read_message(reader, inflater)
            writer.write(send(b'{"type":"auth_ok","ha_version":"2024.3.3"}'))
            while True:
                message = json.loads(await read_message(reader, inflater))
                ident = message["id"]
                writer.write(send(b'{"id":%d,"type":"result","success":true,"result":null}' % ident))
                if message["type"] != "subscribe_entities":
                    continue
                if deflate:
                    # The events continue the connection's compression context, so they are
                    # encoded on it (once per connection, before the first byte is written).
                    data = b"".join(deflater.message(b'{"id":%d,"type":"event","event":' % ident + line + b"}") for line in events)
                else:
                    data = stream(ident, False)
                for start in range(0, len(data), CHUNK):
                    writer.write(data[start:start + CHUNK])
                    await writer.drain()
                    if mode == "slow":
                        await asyncio.sleep(0.004)
        except (EOFError, asyncio.IncompleteReadError, ConnectionError):
            pass
        writer.close()
    return handle


async def main():
    servers = {mode: await asyncio.start_server(server(mode), "127.0.0.1", 0) for mode in ("batch", "deflate", "slow")}
    for mode, listening in servers.items():
        print(f"{mode}-port {listening.sockets[0].getsockname()[1]}", flush=True)
    await exit_with_parent()


asyncio.run(main())
