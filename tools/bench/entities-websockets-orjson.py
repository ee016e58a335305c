"""A lean Python client for the entities benchmark: websockets' sans-I/O protocol on a plain
socket, orjson for the JSON, the diffs applied as Home Assistant's frontend applies them, then
checked against the expected state. The issue's second reference beside hass-client.

  entities-websockets-orjson.py URL EXPECTED [deflate|plain]
  prints: websockets-orjson-<mode> <cpu seconds> <peak RSS MiB> <ok|MISMATCH>
"""
import resource
import socket
import sys
from urllib.parse import urlparse

import orjson
from websockets.client import ClientProtocol
from websockets.extensions.permessage_deflate import ClientPerMessageDeflateFactory
from websockets.frames import Opcode
from websockets.uri import parse_uri

from entities_apply import apply_event

url, expected_path = sys.argv[1], sys.argv[2]
mode = sys.argv[3] if len(sys.argv) > 3 else "plain"
extensions = [ClientPerMessageDeflateFactory()] if mode == "deflate" else None
protocol = ClientProtocol(parse_uri(url), extensions=extensions, max_size=None)
parsed = urlparse(url)
connection = socket.create_connection((parsed.hostname, parsed.port))
entities = {}


def flush():
    for data in protocol.data_to_send():
        connection.sendall(data)


protocol.send_request(protocol.connect())
flush()
done = False
while not done:
    data = connection.recv(65536)
    if not data:
        break
    protocol.receive_data(data)
    for item in protocol.events_received():
        if not hasattr(item, "opcode") or item.opcode not in (Opcode.TEXT, Opcode.CONT):
            continue
        for message in (lambda value: value if isinstance(value, list) else [value])(orjson.loads(item.data)):
            kind = message.get("type")
            if kind == "auth_required":
                protocol.send_text(b'{"type":"auth","access_token":"token"}')
            elif kind == "auth_ok":
                protocol.send_text(b'{"id":1,"type":"subscribe_entities"}')
            elif kind == "event":
                apply_event(entities, message["event"])
                if entities.get("sensor.bench_sentinel", {}).get("s") == "done":
                    done = True
    flush()
usage = resource.getrusage(resource.RUSAGE_SELF)
with open(expected_path, "rb") as handle:
    expected = orjson.loads(handle.read())
verdict = "ok" if expected == entities else "MISMATCH"
print(f"websockets-orjson-{mode} {usage.ru_utime + usage.ru_stime:.3f} {usage.ru_maxrss / 1024:.1f} {verdict}")
