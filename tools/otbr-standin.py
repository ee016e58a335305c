"""A stand-in for an OpenThread Border Router's REST API (ot-br-posix `otbr-rest`), on loopback,
for tests and the demo: the endpoints Home Assistant's `otbr` integration (python-otbr-api) and
HomeCompanion's border router client use, with ot-br-posix's answers:

  GET    /node                      node information (JSON)
  GET    /node/ba-id                the border agent id (JSON hex string)
  GET    /node/ext-address          the extended address (JSON hex string)
  GET    /node/state                "disabled" or "leader"; PUT "enable" / "disable" (JSON)
  GET    /node/dataset/active       text/plain: hex TLVs; otherwise JSON; 204 when there is none
  PUT    /node/dataset/active       hex (text/plain) or JSON; 409 while the node is enabled; 201 when new
  DELETE /node/dataset/active       409 while the node is enabled
  GET    /node/dataset/pending      as active
  PUT    /node/dataset/pending      hex or JSON ({"ActiveDataset", "PendingTimestamp", "DelayTimer"}); after its
                                    delay timer it becomes the active dataset (without those two TLVs)
  DELETE /node/dataset/pending

  otbr-standin.py [--dataset HEX] [--enabled]     prints `port N`; exits with the process that started it
"""
import argparse
import asyncio
import json
import os
import secrets
import struct
import sys

from aiohttp import web

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from peer_lifetime import exit_with_parent  # noqa: E402

ACTIVE_TIMESTAMP, PENDING_TIMESTAMP, DELAY_TIMER = 14, 51, 52


def split(tlvs):
    """{type: value} of a TLV byte string, in order."""
    items, offset = {}, 0
    while offset < len(tlvs):
        kind, length = tlvs[offset], tlvs[offset + 1]
        items[kind] = tlvs[offset + 2 : offset + 2 + length]
        offset += 2 + length
    return items


def join(items):
    return b"".join(bytes([kind, len(value)]) + value for kind, value in items.items())


def timestamp_json(value):
    packed = struct.unpack("!Q", value)[0]
    return {"Seconds": packed >> 16, "Ticks": (packed >> 1) & 0x7FFF, "Authoritative": bool(packed & 1)}


def timestamp_tlv(fields):
    return struct.pack("!Q", fields.get("Seconds", 0) << 16 | fields.get("Ticks", 0) << 1 | int(fields.get("Authoritative", False)))


def prefix_text(value):
    return ":".join("%x" % int.from_bytes(value[i : i + 2], "big") for i in range(0, 8, 2)) + "::/64"


def prefix_bytes(text):
    groups = text.split("::")[0].split(":")
    return b"".join(int(group, 16).to_bytes(2, "big") for group in groups).ljust(8, b"\0")


POLICY_BITS = [("ObtainNetworkKey", 2, 0x80, True), ("NativeCommissioning", 2, 0x40, True), ("Routers", 2, 0x20, True),
               ("ExternalCommissioning", 2, 0x10, True), ("CommercialCommissioning", 2, 0x04, False),
               ("AutonomousEnrollment", 2, 0x02, False), ("NetworkKeyProvisioning", 2, 0x01, False),
               ("TobleLink", 3, 0x80, False), ("NonCcmRouters", 3, 0x40, False)]


def to_json(tlvs):
    """ot-br-posix's JSON form of an active dataset."""
    items, result = split(tlvs), {}
    if ACTIVE_TIMESTAMP in items:
        result["ActiveTimestamp"] = timestamp_json(items[ACTIVE_TIMESTAMP])
    if 5 in items:
        result["NetworkKey"] = items[5].hex().upper()
    if 3 in items:
        result["NetworkName"] = items[3].decode()
    if 2 in items:
        result["ExtPanId"] = items[2].hex().upper()
    if 7 in items:
        result["MeshLocalPrefix"] = prefix_text(items[7])
    if 1 in items:
        result["PanId"] = int.from_bytes(items[1], "big")
    if 0 in items:
        result["Channel"] = int.from_bytes(items[0][1:], "big")
    if 4 in items:
        result["PSKc"] = items[4].hex().upper()
    if 12 in items:
        policy = items[12]
        result["SecurityPolicy"] = {"RotationTime": int.from_bytes(policy[:2], "big")}
        for name, index, mask, when_set in POLICY_BITS:
            if index < len(policy):
                result["SecurityPolicy"][name] = bool(policy[index] & mask) == when_set
    if 53 in items and len(items[53]) >= 6:
        result["ChannelMask"] = int.from_bytes(items[53][2:6], "big")
    return result


def from_json(fields, base=b""):
    """TLVs from ot-br-posix's JSON form, missing fields generated as `dataset init new` does."""
    items = split(base)
    pan_id = fields.get("PanId", secrets.randbelow(0xFFFE) + 1)
    defaults = {
        ACTIVE_TIMESTAMP: timestamp_tlv(fields.get("ActiveTimestamp", {"Seconds": 1})),
        0: bytes([0]) + fields.get("Channel", 15).to_bytes(2, "big"),
        53: bytes([0, 4]) + fields.get("ChannelMask", 0x001FFFE0).to_bytes(4, "big"),
        2: bytes.fromhex(fields["ExtPanId"]) if "ExtPanId" in fields else secrets.token_bytes(8),
        7: prefix_bytes(fields["MeshLocalPrefix"]) if "MeshLocalPrefix" in fields else b"\xfd" + secrets.token_bytes(5) + b"\0\0",
        5: bytes.fromhex(fields["NetworkKey"]) if "NetworkKey" in fields else secrets.token_bytes(16),
        3: fields.get("NetworkName", "OpenThread-%04x" % pan_id).encode(),
        1: pan_id.to_bytes(2, "big"),
        4: bytes.fromhex(fields["PSKc"]) if "PSKc" in fields else secrets.token_bytes(16),
        12: bytes.fromhex("02a0f7f8"),
    }
    named = {"ActiveTimestamp": ACTIVE_TIMESTAMP, "Channel": 0, "ChannelMask": 53, "ExtPanId": 2, "MeshLocalPrefix": 7,
             "NetworkKey": 5, "NetworkName": 3, "PanId": 1, "PSKc": 4}
    for key, kind in named.items():
        if key in fields or kind not in items:
            items[kind] = defaults[kind]
    if 12 not in items:
        items[12] = defaults[12]
    return join(items)


class BorderRouter:
    def __init__(self, dataset, enabled):
        self.active = dataset
        self.pending = None
        self.enabled = enabled and dataset is not None
        self.border_agent_id = secrets.token_bytes(16)
        self.extended_address = secrets.token_bytes(8)
        self.timer = None

    def respond_dataset(self, request, tlvs):
        if tlvs is None:
            return web.Response(status=204)
        if request.headers.get("Accept", "") == "text/plain":
            return web.Response(text=tlvs.hex().upper(), content_type="text/plain")
        if tlvs is self.pending:
            items = split(tlvs)
            body = {"ActiveDataset": to_json(tlvs), "DelayTimer": int.from_bytes(items.get(DELAY_TIMER, b"\0\0\0\0"), "big")}
            if PENDING_TIMESTAMP in items:
                body["PendingTimestamp"] = timestamp_json(items[PENDING_TIMESTAMP])
            return web.json_response(body)
        return web.json_response(to_json(tlvs))

    async def read_dataset(self, request, pending):
        text = await request.text()
        if request.content_type == "text/plain":
            return bytes.fromhex(text.strip())
        fields = json.loads(text)
        if not pending:
            return from_json(fields, self.active or b"")
        tlvs = from_json(fields.get("ActiveDataset", {}), self.active or b"")
        items = split(tlvs)
        items[PENDING_TIMESTAMP] = timestamp_tlv(fields.get("PendingTimestamp", {"Seconds": 0}))
        items[DELAY_TIMER] = fields.get("DelayTimer", 300000).to_bytes(4, "big")
        return join(items)

    async def node(self, request):
        if request.method == "DELETE":
            self.active, self.pending, self.enabled = None, None, False
            return web.json_response("")
        name = split(self.active).get(3, b"").decode() if self.active else ""
        return web.json_response({"State": "leader" if self.enabled else "disabled", "NetworkName": name,
                                  "ExtAddress": self.extended_address.hex().upper(), "BaId": self.border_agent_id.hex().upper()})

    async def state(self, request):
        if request.method == "PUT":
            wanted = await request.json()
            if wanted not in ("enable", "disable"):
                return web.Response(status=400, text="state must be enable or disable")
            if wanted == "enable" and self.active is None:
                return web.Response(status=409, text="no active dataset")
            self.enabled = wanted == "enable"
            return web.json_response("")
        return web.json_response("leader" if self.enabled else "disabled")

    async def active_dataset(self, request):
        if request.method == "GET":
            return self.respond_dataset(request, self.active)
        if self.enabled:
            return web.Response(status=409, text="the node is enabled")
        if request.method == "DELETE":
            self.active = None
            return web.json_response("")
        created = self.active is None
        try:
            self.active = await self.read_dataset(request, pending=False)
        except (ValueError, KeyError, IndexError) as error:
            return web.Response(status=400, text=str(error))
        return web.Response(status=201 if created else 200)

    async def pending_dataset(self, request):
        if request.method == "GET":
            return self.respond_dataset(request, self.pending)
        if request.method == "DELETE":
            self.pending = None
            return web.json_response("")
        created = self.pending is None
        try:
            self.pending = await self.read_dataset(request, pending=True)
        except (ValueError, KeyError, IndexError) as error:
            return web.Response(status=400, text=str(error))
        delay = int.from_bytes(split(self.pending).get(DELAY_TIMER, b"\0\0\0\0"), "big") / 1000
        if self.timer:
            self.timer.cancel()
        self.timer = asyncio.get_running_loop().call_later(delay, self.apply_pending)
        return web.Response(status=201 if created else 200)

    def apply_pending(self):
        items = split(self.pending)
        items.pop(PENDING_TIMESTAMP, None)
        items.pop(DELAY_TIMER, None)
        self.active, self.pending, self.timer = join(items), None, None

    async def hex_value(self, request, value):
        return web.json_response(value.hex().upper())


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--dataset")
    parser.add_argument("--enabled", action="store_true")
    options = parser.parse_args()
    router = BorderRouter(bytes.fromhex(options.dataset) if options.dataset else None, options.enabled)
    app = web.Application()
    app.router.add_route("*", "/node", router.node)
    app.router.add_route("GET", "/node/ba-id", lambda request: router.hex_value(request, router.border_agent_id))
    app.router.add_route("GET", "/node/ext-address", lambda request: router.hex_value(request, router.extended_address))
    app.router.add_route("*", "/node/state", router.state)
    app.router.add_route("*", "/node/dataset/active", router.active_dataset)
    app.router.add_route("*", "/node/dataset/pending", router.pending_dataset)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    print(f"port {site._server.sockets[0].getsockname()[1]}", flush=True)
    await exit_with_parent()


asyncio.run(main())
