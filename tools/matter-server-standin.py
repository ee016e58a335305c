"""A stand-in for the Matter Server (python-matter-server 5.7.0, the version Home Assistant
2024.3.3 pins), speaking its WebSocket protocol at ws://127.0.0.1:PORT/ws, for tests and the
demo: no real Matter fabric can run here. Home Assistant's `matter` integration connects to it as
to the real server.

  matter-server-standin.py [--absent CODE]…

Prints `ready PORT`, then one line per command it takes: `command NAME`, and
`commissioned NODE with CODE`, `thread dataset HEX`, `wifi SSID (N characters)`,
`device command NAME on NODE`. What it does:
- on connect, the server info message (schema 8); `start_listening` answers the nodes, then
  events follow; `server_info`, `get_nodes`, `get_node`, `get_vendor_names`, `ping_node`,
  `interview_node`, `read_attribute`, `subscribe_attribute`, `diagnostics` answer as the real server's;
- `commission_with_code` and `commission_on_network` add a node: an on/off light (endpoint 1,
  device type 0x0100, On/Off cluster) with its basic information cluster, answered as its node
  data and announced with `node_added`. A code that is neither a QR code's text nor a manual
  code's digits, or one named with `--absent` (a device that is not there), fails as the real
  server's commissioning does (error 1);
- `set_thread_dataset` and `set_wifi_credentials` are kept (and said in server info);
- `device_command` On, Off and Toggle on the On/Off cluster change the light and send
  `attribute_updated`.
Runs until its parent process exits.
"""
import asyncio
import datetime
import json
import os
import re
import sys

from aiohttp import WSMsgType, web

SCHEMA_VERSION = 8
FABRIC_ID = 1
COMPRESSED_FABRIC_ID = 0x2906C908D115D362
ON_OFF_PATH = "1/6/0"


def say(line):
    print(line, flush=True)


class MatterServer:
    def __init__(self, absent):
        self.absent = set(absent)
        self.nodes = {}
        self.clients = set()
        self.thread_dataset = None
        self.wifi = None

    def server_info(self):
        return {
            "fabric_id": FABRIC_ID,
            "compressed_fabric_id": COMPRESSED_FABRIC_ID,
            "schema_version": SCHEMA_VERSION,
            "min_supported_schema_version": 5,
            "sdk_version": "2024.1.1 (stand-in)",
            "wifi_credentials_set": self.wifi is not None,
            "thread_credentials_set": self.thread_dataset is not None,
        }

    def light(self, node_id):
        """An on/off light as the real server describes one after its interview."""
        now = datetime.datetime.now(datetime.timezone.utc).isoformat()
        attributes = {
            # Endpoint 0: the root node, its basic information.
            "0/29/0": [{"0": 22, "1": 1}],
            "0/29/1": [29, 40],
            "0/29/2": [],
            "0/29/3": [1],
            "0/29/65532": 0, "0/29/65533": 1,
            "0/40/0": 1,
            "0/40/1": "HomeCompanion Labs",
            "0/40/2": 0xFFF1,
            "0/40/3": "Stand-in Light",
            "0/40/4": 0x8000,
            "0/40/5": "",
            "0/40/6": "XX",
            "0/40/7": 0,
            "0/40/8": "v1",
            "0/40/9": 1,
            "0/40/10": "1.0",
            "0/40/15": f"HC-LIGHT-{node_id:04d}",
            "0/40/18": f"stand-in-light-{node_id}",
            "0/40/65532": 0, "0/40/65533": 1,
            # Endpoint 1: the light.
            "1/29/0": [{"0": 256, "1": 1}],
            "1/29/1": [3, 6, 29],
            "1/29/2": [],
            "1/29/3": [],
            "1/29/65532": 0, "1/29/65533": 1,
            "1/3/0": 0, "1/3/1": 2, "1/3/65532": 0, "1/3/65533": 4,
            ON_OFF_PATH: False,
            "1/6/65532": 0, "1/6/65533": 4,
            "1/6/65528": [], "1/6/65529": [0, 1, 2], "1/6/65531": [0, 65528, 65529, 65531, 65532, 65533],
        }
        return {
            "node_id": node_id,
            "date_commissioned": now,
            "last_interview": now,
            "interview_version": 5,
            "available": True,
            "is_bridge": False,
            "attributes": attributes,
            "attribute_subscriptions": [],
        }

    async def broadcast(self, event, data):
        for client in list(self.clients):
            await client.send_str(json.dumps({"event": event, "data": data}))

    async def commission(self, description):
        node_id = max(self.nodes, default=0) + 1
        node = self.light(node_id)
        self.nodes[node_id] = node
        say(f"commissioned {node_id} with {description}")
        return node

    async def handle(self, command, args):
        """The result of `command`, or raises CommandError."""
        if command == "start_listening" or command == "get_nodes":
            return list(self.nodes.values())
        if command == "server_info":
            return self.server_info()
        if command == "get_node":
            return self.node(args)
        if command == "commission_with_code":
            code = str(args.get("code", ""))
            if not (re.fullmatch(r"MT:[0-9A-Z.\-*]{19,}", code) or re.fullmatch(r"[0-9]{11}|[0-9]{21}", code)):
                raise CommandError(1, f"Commission with code failed for node: {code} is not a setup code")
            if code in self.absent:
                say(f"no device answered {code}")
                raise CommandError(1, f"Commission with code failed for node {max(self.nodes, default=0) + 1}: no device answered")
            return await self.commission(code)
        if command == "commission_on_network":
            pin = args.get("setup_pin_code")
            if not isinstance(pin, int) or not 0 < pin < 100000000:
                raise CommandError(1, "Commission on network failed: no device answered that PIN")
            return await self.commission(f"PIN at {args.get('ip_addr') or 'any address'}")
        if command == "set_thread_dataset":
            dataset = str(args.get("dataset", ""))
            bytes.fromhex(dataset)
            self.thread_dataset = dataset
            say(f"thread dataset {dataset.lower()}")
            return None
        if command == "set_wifi_credentials":
            self.wifi = (args.get("ssid"), args.get("credentials"))
            say(f"wifi {args.get('ssid')} ({len(str(args.get('credentials', '')))} characters)")
            return None
        if command == "device_command":
            node = self.node(args)
            name = args.get("command_name")
            if args.get("cluster_id") != 6 or name not in ("On", "Off", "Toggle"):
                raise CommandError(9, f"the stand-in light does not take {name} on cluster {args.get('cluster_id')}")
            value = {"On": True, "Off": False}.get(name, not node["attributes"][ON_OFF_PATH])
            node["attributes"][ON_OFF_PATH] = value
            say(f"device command {name} on {node['node_id']}")
            asyncio.get_running_loop().call_soon(
                lambda: asyncio.ensure_future(self.broadcast("attribute_updated", [node["node_id"], ON_OFF_PATH, value]))
            )
            return None
        if command == "read_attribute":
            node = self.node(args)
            path = str(args.get("attribute_path", ""))
            return node["attributes"].get(path)
        if command == "subscribe_attribute":
            self.node(args)
            return None
        if command in ("interview_node", "ping_node"):
            node = self.node(args)
            return None if command == "interview_node" else {"127.0.0.1": True}
        if command == "get_vendor_names":
            return {"65521": "HomeCompanion Labs"}
        if command == "diagnostics":
            return {"info": self.server_info(), "nodes": list(self.nodes.values()), "events": []}
        raise CommandError(9, f"Invalid command: {command}")

    def node(self, args):
        node = self.nodes.get(args.get("node_id"))
        if node is None:
            raise CommandError(5, f"Node {args.get('node_id')} does not exist or is not yet interviewed")
        return node

    async def websocket(self, request):
        ws = web.WebSocketResponse(heartbeat=55)
        await ws.prepare(request)
        await ws.send_str(json.dumps(self.server_info()))
        async for message in ws:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                request_message = json.loads(message.data)
                message_id, command, args = request_message["message_id"], request_message["command"], request_message.get("args") or {}
            except (ValueError, KeyError, TypeError):
                continue
            say(f"command {command}")
            try:
                result = await self.handle(command, args)
                await ws.send_str(json.dumps({"message_id": message_id, "result": result}))
                if command in ("commission_with_code", "commission_on_network"):
                    await self.broadcast("node_added", result)
                if command == "start_listening":
                    self.clients.add(ws)
            except CommandError as error:
                await ws.send_str(json.dumps({"message_id": message_id, "error_code": error.code, "details": error.details}))
            except ValueError as error:
                await ws.send_str(json.dumps({"message_id": message_id, "error_code": 8, "details": str(error)}))
        self.clients.discard(ws)
        return ws


class CommandError(Exception):
    def __init__(self, code, details):
        super().__init__(details)
        self.code, self.details = code, details


async def main():
    arguments = sys.argv[1:]
    absent = [arguments[i + 1] for i, word in enumerate(arguments[:-1]) if word == "--absent"]
    server = MatterServer(absent)
    app = web.Application()
    app.router.add_get("/ws", server.websocket)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]
    say(f"ready {port}")
    parent = os.getppid()
    while os.getppid() == parent:
        await asyncio.sleep(0.2)


asyncio.run(main())
