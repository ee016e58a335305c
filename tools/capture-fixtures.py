"""Records what the real Home Assistant 2024.3.3 sends and receives, as fixtures for HAModelsTests.

Run through tools/capture-fixtures, which starts the server and runs this with its venv's Python.
Every message is saved exactly as it crossed the wire (the server's own bytes for what it sent),
so number forms such as 1.0 versus 1 are kept for the lossless JSON tests.
"""
import asyncio
import base64
import json
import os
import pathlib
import sys

import aiohttp
from aiohttp import web
from nacl.secret import SecretBox

URL = os.environ["HA_URL"]
TOKEN = os.environ["HA_TOKEN"]
OUT = pathlib.Path(sys.argv[1])
HEADERS = {"Authorization": f"Bearer {TOKEN}"}


def save(name, text):
    (OUT / f"{name}.json").write_text(text if isinstance(text, str) else json.dumps(text, sort_keys=True), encoding="utf-8")


class Socket:
    def __init__(self, ws):
        self.ws = ws
        self.next_id = 1
        self.pending = []

    async def send(self, payload):
        payload = dict(payload, id=self.next_id)
        self.next_id += 1
        await self.ws.send_str(json.dumps(payload))
        return payload["id"]

    async def receive(self, predicate, timeout=10):
        for index, text in enumerate(self.pending):
            if predicate(json.loads(text)):
                return self.pending.pop(index)
        while True:
            text = (await asyncio.wait_for(self.ws.receive(), timeout)).data
            if predicate(json.loads(text)):
                return text
            self.pending.append(text)

    async def command(self, name, payload):
        message_id = await self.send(payload)
        text = await self.receive(lambda m: m.get("id") == message_id and m.get("type") == "result")
        save(name, text)
        return json.loads(text)


async def websocket_fixtures(session):
    async with session.ws_connect(f"{URL}/api/websocket") as ws:
        await ws.receive_str()
        await ws.send_str(json.dumps({"type": "auth", "access_token": "not-a-valid-token"}))
        save("ws_auth_invalid", await ws.receive_str())
    async with session.ws_connect(f"{URL}/api/websocket") as ws:
        await ws.receive_str()
        await ws.send_str(json.dumps({"type": "auth", "access_token": TOKEN}))
        await ws.receive_str()
        await ws.send_str(json.dumps({"id": 1, "type": "supported_features", "features": {"coalesce_messages": 1}}))
        save("ws_result_supported_features", await ws.receive_str())
        # With coalescing on, messages that are ready together arrive as one JSON array.
        for message_id in (2, 3, 4):
            await ws.send_str(json.dumps({"id": message_id, "type": "ping"}))
        frames = [await ws.receive_str()]
        while frames[-1].startswith("{") and len(frames) < 3:
            frames.append(await ws.receive_str())
        save("ws_coalesced_frame", next((f for f in frames if f.startswith("[")), frames[0]))
    async with session.ws_connect(f"{URL}/api/websocket", max_msg_size=0) as ws:
        save("ws_auth_required", await ws.receive_str())
        await ws.send_str(json.dumps({"type": "auth", "access_token": TOKEN}))
        save("ws_auth_ok", await ws.receive_str())
        socket = Socket(ws)
        await socket.command("ws_result_get_states", {"type": "get_states"})
        await socket.command("ws_result_get_config", {"type": "get_config"})
        await socket.command("ws_result_get_services", {"type": "get_services"})
        listed = await socket.command("ws_result_area_registry", {"type": "config/area_registry/list"})
        if not any(area["name"] == "Living Room" for area in listed["result"]):
            await socket.command("ws_result_area_create", {"type": "config/area_registry/create", "name": "Living Room", "icon": "mdi:sofa"})
            await socket.command("ws_result_area_registry", {"type": "config/area_registry/list"})
        await socket.command("ws_result_device_registry", {"type": "config/device_registry/list"})
        await socket.command("ws_result_entity_registry", {"type": "config/entity_registry/list"})
        await socket.command("ws_result_error", {"type": "no_such_command"})
        ping = await socket.send({"type": "ping"})
        save("ws_pong", await socket.receive(lambda m: m.get("id") == ping))

        events = await socket.send({"type": "subscribe_events", "event_type": "state_changed"})
        await socket.receive(lambda m: m.get("id") == events and m["type"] == "result")
        entities = await socket.send({"type": "subscribe_entities"})
        await socket.receive(lambda m: m.get("id") == entities and m["type"] == "result")
        save("ws_event_entities_added", await socket.receive(lambda m: m.get("id") == entities and m["type"] == "event"))

        await socket.command("ws_result_call_service", {
            "type": "call_service", "domain": "light", "service": "turn_on",
            "service_data": {"brightness": 77}, "target": {"entity_id": "light.bed_light"}})
        save("ws_event_state_changed", await socket.receive(
            lambda m: m.get("id") == events and m["event"]["data"]["entity_id"] == "light.bed_light"))
        save("ws_event_entities_changed", await socket.receive(
            lambda m: m.get("id") == entities and "light.bed_light" in m["event"].get("c", {})))

        async with session.post(f"{URL}/api/states/sensor.fixture_temperature", headers=HEADERS, json={
                "state": "21.5", "attributes": {"unit_of_measurement": "°C", "precision": 1.0, "count": 3,
                                                "nested": {"list": [1, 2.5, None, True]}}}) as response:
            assert response.status in (200, 201), response.status
        save("ws_event_entities_added_one", await socket.receive(
            lambda m: m.get("id") == entities and "sensor.fixture_temperature" in m["event"].get("a", {})))
        async with session.delete(f"{URL}/api/states/sensor.fixture_temperature", headers=HEADERS) as response:
            assert response.status == 200, response.status
        save("ws_event_entities_removed", await socket.receive(
            lambda m: m.get("id") == entities and "sensor.fixture_temperature" in m["event"].get("r", [])))


async def post(session, path, payload, name=None, request=True):
    """Posts `payload`; saves the answer (and, with `request`, the payload) as fixtures named `name`."""
    async with session.post(f"{URL}{path}", json=payload, headers=HEADERS if path.startswith("/api/mobile_app") else None) as response:
        text = await response.text()
        if name:
            if request:
                save(f"{name}_request", json.dumps(payload))
            save(f"{name}_response", text if text else "null")
        return response.status, text


async def mobile_app_fixtures(session, push_url):
    registration = {
        "device_id": "fixture-device-1", "app_id": "io.homecompanion.linux", "app_name": "HomeCompanion",
        "app_version": "0.1.0", "device_name": "Fixture Phone", "manufacturer": "HomeCompanion", "model": "Linux",
        "os_name": "Linux", "os_version": "6.1", "supports_encryption": False,
        "app_data": {"push_token": "fixture-push-token", "push_url": push_url}}
    status, text = await post(session, "/api/mobile_app/registrations", registration, "mobile_app_registration")
    assert status == 201, (status, text)
    webhook = json.loads(text)["webhook_id"]
    hook = f"/api/webhook/{webhook}"
    sensor = {"type": "register_sensor", "data": {
        "unique_id": "cpu_usage", "name": "CPU usage", "type": "sensor", "state": 12.5, "unit_of_measurement": "%",
        "state_class": "measurement", "icon": "mdi:cpu-64-bit", "entity_category": "diagnostic",
        "attributes": {"cores": 2}}}
    await post(session, hook, sensor)
    await post(session, hook, {"type": "update_sensor_states", "data": [
        {"unique_id": "cpu_usage", "type": "sensor", "state": 33.0, "icon": "mdi:cpu-64-bit", "attributes": {"cores": 2}},
        {"unique_id": "not_registered_yet", "type": "sensor", "state": 1}]})
    await post(session, hook, {"type": "get_config"}, "webhook_get_config", request=False)
    await post(session, hook, {"type": "render_template", "data": {"greeting": {"template": "Hello {{ 1 + 1 }}"}}})
    await post(session, hook, {"type": "update_location", "data": {"gps": [52.52, 13.4], "gps_accuracy": 12, "battery": 80}})
    await post(session, hook, {"type": "fire_event", "data": {"event_type": "homecompanion_fixture", "event_data": {"n": 1}}})
    await post(session, hook, {"type": "call_service", "data": {"domain": "light", "service": "turn_off",
                                                               "service_data": {"entity_id": "light.bed_light"}}})
    await post(session, hook, {"type": "update_registration", "data": {
        "app_version": "0.1.1", "device_name": "Fixture Phone", "manufacturer": "HomeCompanion", "model": "Linux",
        "os_version": "6.1", "app_data": registration["app_data"]}}, "webhook_update_registration")

    encrypted_registration = dict(registration, device_id="fixture-device-2", device_name="Fixture Encrypted",
                                  supports_encryption=True, app_data={})
    status, text = await post(session, "/api/mobile_app/registrations", encrypted_registration, "mobile_app_registration_encrypted")
    body = json.loads(text)
    box = SecretBox(bytes.fromhex(body["secret"]))
    sealed = box.encrypt(json.dumps({"template": {"template": "{{ 6 * 7 }}"}}).encode())
    request = {"type": "render_template", "encrypted": True, "encrypted_data": base64.b64encode(sealed).decode()}
    await post(session, f"/api/webhook/{body['webhook_id']}", request)
    return webhook


async def push_fixture(session, received):
    for _ in range(50):
        async with session.get(f"{URL}/api/services", headers=HEADERS) as response:
            services = await response.json()
        notify = next((d["services"] for d in services if d["domain"] == "notify"), {})
        if "mobile_app_fixture_phone" in notify:
            break
        await asyncio.sleep(0.2)
    async with session.post(f"{URL}/api/services/notify/mobile_app_fixture_phone", headers=HEADERS, json={
            "message": "Washer finished", "title": "Laundry",
            "data": {"tag": "laundry", "url": "/lovelace/utility", "actions": [{"action": "OK", "title": "Got it"}]}}) as response:
        assert response.status == 200, response.status
    save("push_notification_request", await asyncio.wait_for(received, 10))


async def main():
    OUT.mkdir(parents=True, exist_ok=True)
    loop = asyncio.get_running_loop()
    received = loop.create_future()

    async def handle(request):
        if not received.done():
            received.set_result(await request.text())
        return web.json_response({"rateLimits": {"successful": 1, "errors": 0, "maximum": 150, "remaining": 149,
                                                 "resetsAt": "2026-11-30T00:00:00Z"}}, status=201)

    app = web.Application()
    app.router.add_post("/push/send", handle)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]
    async with aiohttp.ClientSession() as session:
        await websocket_fixtures(session)
        await mobile_app_fixtures(session, f"http://127.0.0.1:{port}/push/send")
        await push_fixture(session, received)
    await runner.cleanup()
    print(f"fixtures written to {OUT}", file=sys.stderr)


asyncio.run(main())
