"""The push relay under attack: each attack from the issue, run against a release relay on
loopback, bounded in count and time, while a legitimate Home Assistant keeps posting to a
legitimate device. Prints one table row per attack: attack, requests sent, relay RSS and disk
before/after, whether Home Assistant's POSTs all got 201 within 1 s during the attack, and the
notifications the legitimate device lost. Attackers come from 127.0.0.2-127.0.0.9, Home
Assistant and the device from 127.0.0.1. Exits 1 when any row does not hold.

  python3 tools/abuse/relay.py RELAY-BINARY [--redis REDIS-SERVER-BINARY]
"""
import http.client
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import threading
import time

CAPS = {
    "daily_limit": 1000000, "queue_per_token": 500, "queue_total": 5000, "queue_total_mib": 8,
    "streams_per_token": 2, "streams_total": 64, "connections_per_address": 32, "request_deadline": 5,
    "timeout": 10, "registrations_per_address": 20, "registration_limit": 1000,
}
RSS_CAP_MIB = 96  # what the caps above allow the relay to hold, with room for the runtime
DISK_CAP_MIB = 8 + 16  # queue_total_mib plus the WAL and indexes


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Relay:
    def __init__(self, binary, redis_url=None):
        self.folder = tempfile.mkdtemp(prefix="relay-abuse-")
        self.port = free_port()
        settings = dict(CAPS)
        metrics_token = os.path.join(self.folder, "metrics-token")
        with open(metrics_token, "w") as f:
            f.write("abuse-metrics-token-0123456789\n")
        settings["metrics_token_file"] = metrics_token
        settings["database"] = os.path.join(self.folder, "relay.sqlite")
        if redis_url:
            settings["redis_url"] = redis_url
        config = os.path.join(self.folder, "config.json")
        with open(config, "w") as f:
            json.dump(settings, f)
        env = {"PATH": "/usr/bin:/bin", "HOME": self.folder, "PUSH_RELAY_LOG_LEVEL": "error"}
        self.process = subprocess.Popen([binary, "serve", "--config", config, "--port", str(self.port)],
                                        stdout=subprocess.DEVNULL, stderr=open(os.path.join(self.folder, "relay.log"), "w"), env=env)
        for _ in range(100):
            try:
                if request(self.port, "GET", "/healthz")[0] == 200:
                    return
            except OSError:
                time.sleep(0.1)
        raise SystemExit("the relay did not start")

    def rss_mib(self):
        with open(f"/proc/{self.process.pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        return 0.0

    def disk_mib(self):
        total = 0
        for name in os.listdir(self.folder):
            if name.startswith("relay.sqlite"):
                total += os.path.getsize(os.path.join(self.folder, name))
        return total / (1 << 20)

    def metric(self, name):
        status, body = request(self.port, "GET", "/metrics", headers={"Authorization": "Bearer abuse-metrics-token-0123456789"})
        for line in body.decode().splitlines():
            if line.startswith(name + " "):
                return int(line.split()[1])
        return None

    def stop(self):
        self.process.kill()
        self.process.wait()


def request(port, method, path, body=None, headers=None, source="127.0.0.1", timeout=5):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout, source_address=(source, 0))
    try:
        payload = json.dumps(body).encode() if isinstance(body, (dict, list)) else body
        all_headers = {"Content-Type": "application/json"} if payload is not None else {}
        all_headers.update(headers or {})
        connection.request(method, path, body=payload, headers=all_headers)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def push(token, message):
    return {"push_token": token, "registration_info": {"app_id": "io.homecompanion.linux", "app_version": "1", "os_version": "12"},
            "message": message}


def register(port, source="127.0.0.1"):
    status, body = request(port, "POST", "/push/register", body={}, source=source)
    if status != 201:
        return None
    answer = json.loads(body)
    return answer["push_token"], answer["stream_secret"]


class HomeAssistant(threading.Thread):
    """Posts a notification for the device every 100 ms; records each answer's status and time."""

    def __init__(self, port, token, prefix):
        super().__init__(daemon=True)
        self.port, self.token, self.prefix = port, token, prefix
        self.results = []
        self.stopping = threading.Event()

    def run(self):
        number = 0
        while not self.stopping.is_set():
            number += 1
            started = time.monotonic()
            try:
                status, _ = request(self.port, "POST", "/push/send", body=push(self.token, f"{self.prefix} {number}"), timeout=5)
            except OSError:
                status = 0
            self.results.append((status, time.monotonic() - started, f"{self.prefix} {number}"))
            self.stopping.wait(0.1)

    def stop(self):
        self.stopping.set()
        self.join()

    def delivered(self):
        return {message for status, _, message in self.results if status == 201}

    def all_fast(self):
        return bool(self.results) and all(status == 201 and seconds < 1 for status, seconds, _ in self.results)


def read_stream(port, secret, seconds, last_id=None, stop_after=None):
    """Reads notification events for up to `seconds`; their (id, message) pairs."""
    events = []
    sock = socket.create_connection(("127.0.0.1", port), timeout=1)
    head = f"GET /push/stream HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {secret}\r\n"
    if last_id:
        head += f"Last-Event-ID: {last_id}\r\n"
    sock.sendall((head + "\r\n").encode())
    data = b""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            chunk = sock.recv(65536)
        except socket.timeout:
            chunk = None
        if chunk == b"":
            break
        if chunk:
            data += chunk
            events = parse_events(data)
            if stop_after and len(events) >= stop_after:
                break
    sock.close()
    return events


def parse_events(data):
    body = dechunk(data)
    events = []
    for block in body.split(b"\n\n"):
        lines = block.split(b"\n")
        if b"event: notification" not in lines:
            continue
        ident = next((l[4:].decode() for l in lines if l.startswith(b"id: ")), None)
        payload = next((l[6:] for l in lines if l.startswith(b"data: ")), b"{}")
        try:
            events.append((ident, json.loads(payload).get("body")))
        except ValueError:
            pass
    return events


def dechunk(data):
    head = data.find(b"\r\n\r\n")
    if head < 0:
        return b""
    rest, body = data[head + 4:], b""
    while True:
        line = rest.find(b"\r\n")
        if line < 0:
            return body
        try:
            size = int(rest[:line], 16)
        except ValueError:
            return body
        if size == 0:
            return body
        body += rest[line + 2:line + 2 + size]
        rest = rest[line + 2 + size + 2:]


def collect(relay, device):
    """The device takes everything waiting, acknowledging it; the messages it got."""
    events = read_stream(relay.port, device[1], 3)
    if events:
        request(relay.port, "POST", "/push/ack", body={"last_id": events[-1][0]}, headers={"Authorization": f"Bearer {device[1]}"})
    return {message for _, message in events}


def attack_rows(relay, device):
    rows = []

    def run(name, attack):
        collect(relay, device)  # start empty
        rss_before, disk_before = relay.rss_mib(), relay.disk_mib()
        home = HomeAssistant(relay.port, device[0], name)
        home.start()
        started = time.monotonic()
        sent, lost_extra = attack()
        home.stop()
        received = collect(relay, device)
        lost = len(home.delivered() - received) + lost_extra
        rows.append({
            "attack": name, "requests": sent, "seconds": time.monotonic() - started,
            "rss": (rss_before, relay.rss_mib()), "disk": (disk_before, relay.disk_mib()),
            "ha": (sum(1 for s, t, _ in home.results if s == 201 and t < 1), len(home.results)), "lost": lost,
        })

    def stolen_token():
        sent = 0
        for _ in range(200):
            for path, headers in (("/push/stream", {"Authorization": f"Bearer {device[0]}"}), (f"/push/stream?push_token={device[0]}", {})):
                status, _ = request(relay.port, "GET", path, headers=headers, source="127.0.0.2")
                assert status in (400, 401), f"the push token read the stream: {status}"
                sent += 1
            status, _ = request(relay.port, "POST", "/push/ack", body={"last_id": "999999999"},
                                headers={"Authorization": f"Bearer {device[0]}"}, source="127.0.0.2")
            assert status == 401, f"the push token acknowledged: {status}"
            sent += 1
        return sent, 0

    def check_flood():
        sent = 0
        deadline = time.monotonic() + 8
        threads = []

        def worker(source):
            nonlocal sent
            connection = http.client.HTTPConnection("127.0.0.1", relay.port, timeout=5, source_address=(source, 0))
            while time.monotonic() < deadline and sent < 60000:
                token = "probe-%032x" % random.getrandbits(128) + "x" * 4000
                connection.request("POST", "/rate_limits/check", body=json.dumps({"push_token": token}),
                                   headers={"Content-Type": "application/json"})
                connection.getresponse().read()
                sent += 1
            connection.close()
        for index in range(4):
            threads.append(threading.Thread(target=worker, args=(f"127.0.0.{2 + index}",)))
        [t.start() for t in threads]
        [t.join() for t in threads]
        return sent, 0

    def disk_flood():
        sent = 0
        tokens = [t for t in (register(relay.port, source=f"127.0.0.{3 + i // 20}") for i in range(40)) if t]
        tokens += [("hcp_%032x" % random.getrandbits(128), None) for _ in range(5)]  # never issued
        deadline = time.monotonic() + 10
        body = "x" * 60000

        def worker(source):
            nonlocal sent
            connection = http.client.HTTPConnection("127.0.0.1", relay.port, timeout=5, source_address=(source, 0))
            while time.monotonic() < deadline and sent < 30000:
                token = random.choice(tokens)[0]
                connection.request("POST", "/push/send", body=json.dumps(push(token, body)), headers={"Content-Type": "application/json"})
                connection.getresponse().read()
                sent += 1
            connection.close()
        threads = [threading.Thread(target=worker, args=(f"127.0.0.{2 + i}",)) for i in range(4)]
        [t.start() for t in threads]
        [t.join() for t in threads]
        return sent, 0

    def nul_token():
        sent = 0
        for _ in range(500):
            status, _ = request(relay.port, "POST", "/push/send", body=push(device[0] + "\u0000x", "split"), source="127.0.0.2")
            assert status == 400, f"a NUL token was taken: {status}"
            sent += 1
        return sent, 0

    def slow_clients():
        sockets, sent = [], 0
        for index in range(1000):
            try:
                s = socket.create_connection(("127.0.0.1", relay.port), timeout=2, source_address=(f"127.0.0.{2 + index % 4}", 0))
                s.sendall(b"POST /push/send HTTP/1.1\r\nHost: x\r\n")
                sockets.append(s)
            except OSError:
                pass
            sent += 1
        deadline = time.monotonic() + 8
        while time.monotonic() < deadline:
            for s in sockets:
                try:
                    s.sendall(b"X")
                except OSError:
                    pass
            time.sleep(0.5)
        for s in sockets:
            s.close()
        return sent, 0

    def stream_holders():
        holders, sent = [], 0
        attackers = [t for t in (register(relay.port, source=f"127.0.0.{6 + i // 20}") for i in range(20)) if t]
        for attacker in attackers:
            for _ in range(10):
                try:
                    s = socket.create_connection(("127.0.0.1", relay.port), timeout=2, source_address=("127.0.0.7", 0))
                    s.sendall(f"GET /push/stream HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {attacker[1]}\r\n\r\n".encode())
                    holders.append(s)
                except OSError:
                    pass
                sent += 1
        held = relay.metric("push_relay_streams")
        assert held is not None and held <= CAPS["streams_per_token"] * len(attackers), f"{held} streams held"
        time.sleep(5)
        for s in holders:
            s.close()
        return sent, 0

    def mid_stream_kill():
        for number in range(200):
            status, _ = request(relay.port, "POST", "/push/send", body=push(device[0], f"backlog {number}"))
            assert status == 201
        seen = set()
        last = None
        for _ in range(10):  # the device drops after a few events, each time
            events = read_stream(relay.port, device[1], 2, last_id=last, stop_after=random.randint(5, 40))
            for ident, message in events:
                seen.add(message)
            if events:
                last = events[random.randint(0, len(events) - 1)][0]  # it kept only part of what it read
        events = read_stream(relay.port, device[1], 3, last_id=last)
        seen |= {message for _, message in events}
        if events:
            request(relay.port, "POST", "/push/ack", body={"last_id": events[-1][0]}, headers={"Authorization": f"Bearer {device[1]}"})
        lost = sum(1 for number in range(200) if f"backlog {number}" not in seen)
        return 11, lost

    def metrics_flood():
        sent = 0
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            status, _ = request(relay.port, "GET", "/metrics", source="127.0.0.2")
            assert status == 401
            request(relay.port, "GET", "/metrics", headers={"Authorization": "Bearer abuse-metrics-token-0123456789"}, source="127.0.0.3")
            sent += 2
        return sent, 0

    for name, attack in [
        ("stolen push token reads/deletes", stolen_token), ("rate-limit check flood", check_flood),
        ("send flood (disk)", disk_flood), ("NUL token splits a limit", nul_token), ("slow clients hold connections", slow_clients),
        ("stream holders", stream_holders), ("client killed mid-stream", mid_stream_kill), ("metrics flood", metrics_flood),
    ]:
        run(name, attack)
    return rows


def main():
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    binary = sys.argv[1]
    redis_url, redis = None, None
    if "--redis" in sys.argv:
        redis_port = free_port()
        redis = subprocess.Popen([sys.argv[sys.argv.index("--redis") + 1], "--port", str(redis_port), "--bind", "127.0.0.1",
                                  "--save", "", "--appendonly", "no"], stdout=subprocess.DEVNULL)
        time.sleep(0.5)
        redis_url = f"redis://127.0.0.1:{redis_port}/0"
    relay = Relay(binary, redis_url)
    try:
        device = register(relay.port)
        rows = attack_rows(relay, device)
    finally:
        relay.stop()
        if redis:
            redis.kill()
    store = "Redis" if redis_url else "SQLite"
    print(f"push-relay under attack ({store}; caps: {', '.join(f'{k}={v}' for k, v in CAPS.items())})")
    print(f"| attack | requests | seconds | relay RSS MiB before → after | disk MiB before → after | HA POSTs 201 < 1 s | lost |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    failed = False
    for row in rows:
        ok_posts, posts = row["ha"]
        holds = ok_posts == posts and row["lost"] == 0 and row["rss"][1] < RSS_CAP_MIB and row["disk"][1] < DISK_CAP_MIB
        failed |= not holds
        print(f"| {row['attack']} | {row['requests']} | {row['seconds']:.1f} | {row['rss'][0]:.1f} → {row['rss'][1]:.1f} | "
              f"{row['disk'][0]:.1f} → {row['disk'][1]:.1f} | {ok_posts}/{posts} | {row['lost']} |{'' if holds else ' FAILED'}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
