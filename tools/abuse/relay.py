"""The push relay under attack: each attack from the issue, run against a release relay on
loopback, bounded in count and time, while a legitimate Home Assistant keeps posting to a
legitimate device. Prints one table row per attack: attack, requests sent, relay RSS and disk
before/after, whether Home Assistant's POSTs all got 201 within 1 s during the attack, and the
notifications the legitimate device lost. Attackers come from 127.0.0.2-127.0.0.9, Home
Assistant and the device from 127.0.0.1, which is also the trusted reverse proxy through which
one attack comes. Exits 1 when any row does not hold.

  python3 tools/abuse/relay.py RELAY-BINARY [--redis REDIS-SERVER-BINARY | --redis-cluster REDIS-SERVER-BINARY]

With --redis-cluster the relay's store is a Redis Cluster of six nodes on loopback (three
primaries, a replica each, made with redis-cli --cluster create); the storage column is then the
memory the six nodes use together (every queued byte is held twice, by a primary and its replica).
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
    "streams_per_token": 2, "streams_total": 64, "streams_per_address": 8, "connections_per_address": 32, "requests_per_address": 100, "request_deadline": 5,
    "timeout": 10, "registrations_per_address": 20, "registration_limit": 1000,
    # 127.0.0.1 plays the reverse proxy too: its X-Forwarded-For names the client.
    "trusted_proxies": "127.0.0.1",
}
RSS_CAP_MIB = 96  # what the caps above allow the relay to hold, with room for the runtime
# The queue's log holds at most queue_total_mib of live notifications (plus their records' frames)
# and up to 64 MiB that is no longer live before it is compacted; the SQLite file (counts,
# registrations) is small, its WAL checkpointed every 20,000 pages (80 MiB) and not beyond.
# Redis holds the queues (at most queue_total_mib) in memory, with its own overhead per entry.
DISK_CAP_MIB = 3 * 8 + 80 + 8


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Relay:
    def __init__(self, binary, redis_url=None, redis_ports=()):
        self.redis_ports = list(redis_ports)
        self.folder = tempfile.mkdtemp(prefix="relay-abuse-")
        self.port = free_port()
        settings = dict(CAPS)
        metrics_token = os.path.join(self.folder, "metrics-token")
        with open(metrics_token, "w") as f:
            f.write("abuse-metrics-token-0123456789\n")
        settings["metrics_token_file"] = metrics_token
        settings["database"] = os.path.join(self.folder, "relay.sqlite")
        settings["manifest"] = self.provider_manifest()
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

    def provider_manifest(self):
        """APNs for the iOS app id at a server that accepts connections and never answers (a
        provider that hangs until the send times out); the relay's own streams for the rest."""
        self.black_hole = socket.socket()
        self.black_hole.bind(("127.0.0.1", 0))
        self.black_hole.listen(4096)
        key = os.path.join(self.folder, "apns.p8")
        subprocess.run(["openssl", "genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", key],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        manifest = os.path.join(self.folder, "providers.json")
        with open(manifest, "w") as f:
            json.dump({"providers": [
                {"id": "apns", "appIDs": ["io.robbie.HomeAssistant"], "configuration": {
                    "keyFile": key, "keyID": "ABC123DEFG", "teamID": "DEF123GHIJ", "topic": "io.robbie.HomeAssistant",
                    "endpoint": f"https://127.0.0.1:{self.black_hole.getsockname()[1]}"}},
                {"id": "stream", "appIDs": ["*"]},
            ]}, f)
        return manifest

    def rss_mib(self):
        with open(f"/proc/{self.process.pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        return 0.0

    def disk_mib(self):
        """The SQLite files, or with Redis the memory its nodes use."""
        if self.redis_ports:
            return sum(redis_memory(port) for port in self.redis_ports) / (1 << 20)
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


def redis_memory(port):
    """The bytes the Redis at `port` uses (INFO memory's used_memory)."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(b"INFO memory\r\n")
        data = b""
        while b"used_memory:" not in data or not data.endswith(b"\r\n"):
            data += sock.recv(65536)
    line = next(l for l in data.split(b"\r\n") if l.startswith(b"used_memory:"))
    return int(line.split(b":")[1])


def start_redis(binary, folder, cluster=False):
    """A Redis on a free loopback port (cluster-enabled when asked, its files in `folder`); the process and port.
    A port found free can be taken before Redis binds it (by a client's ephemeral port): then
    Redis exits, and another port is tried."""
    os.makedirs(folder, exist_ok=True)
    extra = ["--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf", "--cluster-node-timeout", "5000"] if cluster else []
    for _ in range(5):
        port = free_port()
        process = subprocess.Popen([binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                                    "--dir", folder] + extra, stdout=subprocess.DEVNULL)
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                return process, port
            except OSError:
                if process.poll() is not None:
                    break
                time.sleep(0.1)
        process.kill()
        process.wait()
    raise SystemExit(f"Redis did not start (the last port tried: {port})")


def start_cluster(binary, folder):
    """Six cluster-enabled Redis nodes joined as three primaries with a replica each; the processes and ports."""
    nodes = [start_redis(binary, os.path.join(folder, str(index)), cluster=True) for index in range(6)]
    ports = [port for _, port in nodes]
    subprocess.run(["redis-cli", "--cluster", "create", *[f"127.0.0.1:{port}" for port in ports], "--cluster-replicas", "1",
                    "--cluster-yes"], check=True, stdout=subprocess.DEVNULL)
    for _ in range(100):
        info = subprocess.run(["redis-cli", "-p", str(ports[0]), "cluster", "info"], capture_output=True, text=True).stdout
        if "cluster_state:ok" in info:
            return [process for process, _ in nodes], ports
        time.sleep(0.1)
    raise SystemExit("the Redis Cluster did not come up")


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


def parse_events(data):
    body = dechunk(data)
    events = []
    for block in body.split(b"\n\n"):
        lines = block.split(b"\n")
        if b"event: notification" not in lines:
            continue
        ident = next((l[4:].decode() for l in lines if l.startswith(b"id: ")), None)
        payload = next((l[6:] for l in lines if l.startswith(b"data: ")), None)
        try:
            # A block cut short by the read (no data yet, or half of it) is not an event yet.
            body = json.loads(payload) if payload else None
        except ValueError:
            body = None
        if ident and body and "body" in body:
            events.append((ident, body["body"]))
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


class Device(threading.Thread):
    """The legitimate device: holds its stream, reconnecting with Last-Event-ID, and acknowledges
    what it has every half second. When `crashing`, it drops the connection after a few events
    and comes back having kept only part of what it read (a crash before its state was saved)."""

    def __init__(self, port, secret):
        super().__init__(daemon=True)
        self.port, self.secret = port, secret
        self.received = set()
        self.saved_id = None
        self.crashing = False
        self.stopping = threading.Event()
        self.lock = threading.Lock()

    def run(self):
        while not self.stopping.is_set():
            try:
                self.hold()
            except OSError:
                pass
            self.stopping.wait(0.1)

    def hold(self):
        sock = socket.create_connection(("127.0.0.1", self.port), timeout=0.5)
        head = f"GET /push/stream HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {self.secret}\r\n"
        if self.saved_id:
            head += f"Last-Event-ID: {self.saved_id}\r\n"
        sock.sendall((head + "\r\n").encode())
        data, seen, acknowledged = b"", 0, self.saved_id
        crash_after = random.randint(3, 30) if self.crashing else None
        last_ack = time.monotonic()
        try:
            while not self.stopping.is_set():
                try:
                    chunk = sock.recv(65536)
                except socket.timeout:
                    chunk = None
                if chunk == b"":
                    return
                if chunk:
                    data += chunk
                    events = parse_events(data)
                    with self.lock:
                        for ident, message in events[seen:]:
                            self.received.add(message)
                    if crash_after and len(events) >= crash_after:
                        # Crashed: what it saved lags a few events behind what it showed.
                        self.saved_id = events[max(0, len(events) - random.randint(1, 3)) - 1][0] if len(events) > 3 else self.saved_id
                        return
                    if events:
                        self.saved_id = events[-1][0]
                    seen = len(events)
                if self.saved_id != acknowledged and time.monotonic() - last_ack > 0.5:
                    request(self.port, "POST", "/push/ack", body={"last_id": self.saved_id}, headers={"Authorization": f"Bearer {self.secret}"})
                    acknowledged, last_ack = self.saved_id, time.monotonic()
        finally:
            sock.close()

    def has(self, messages, seconds=8):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            with self.lock:
                if messages <= self.received:
                    return True
            time.sleep(0.1)
        return False

    def missing(self, messages):
        with self.lock:
            return messages - self.received

    def stop(self):
        self.stopping.set()
        self.join()


def attack_rows(relay, token, device):
    rows = []

    def run(name, attack):
        rss_before, disk_before = relay.rss_mib(), relay.disk_mib()
        home = HomeAssistant(relay.port, token, name)
        home.start()
        started = time.monotonic()
        sent, lost_extra = attack()
        home.stop()
        device.has(home.delivered())
        lost = len(device.missing(home.delivered())) + lost_extra
        rows.append({
            "attack": name, "requests": sent, "seconds": time.monotonic() - started,
            "rss": (rss_before, relay.rss_mib()), "disk": (disk_before, relay.disk_mib()),
            "ha": (sum(1 for s, t, _ in home.results if s == 201 and t < 1), len(home.results)), "lost": lost,
        })

    def stolen_token():
        sent = 0
        for _ in range(200):
            for path, headers in (("/push/stream", {"Authorization": f"Bearer {token}"}), (f"/push/stream?push_token={token}", {})):
                status, _ = request(relay.port, "GET", path, headers=headers, source="127.0.0.2")
                assert status in (400, 401, 429), f"the push token read the stream: {status}"
                sent += 1
            status, _ = request(relay.port, "POST", "/push/ack", body={"last_id": "999999999"},
                                headers={"Authorization": f"Bearer {token}"}, source="127.0.0.2")
            assert status in (401, 429), f"the push token acknowledged: {status}"
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
                response = connection.getresponse()
                response.read()
                # Refusals (404, 429) are expected; an internal error is a bug the flood found.
                assert response.status < 500, f"the relay failed under the flood: {response.status}"
                sent += 1
            connection.close()
        threads = [threading.Thread(target=worker, args=(f"127.0.0.{2 + i}",)) for i in range(4)]
        [t.start() for t in threads]
        [t.join() for t in threads]
        return sent, 0

    def nul_token():
        sent = 0
        for _ in range(500):
            status, _ = request(relay.port, "POST", "/push/send", body=push(token + "\u0000x", "split"), source="127.0.0.2")
            assert status in (400, 429), f"a NUL token was taken: {status}"
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

    def unfinished_framing():
        # Connections that never finish a request, each streaming one framing as fast as the relay
        # reads it: empty lines before the request line, chunk-size lines with long extensions,
        # endless trailers. Every byte counts against the connection's budget, so each is refused
        # (400/431) and closed after at most 16 KiB; memory stays flat (issue #33: four such
        # connections once grew the relay by 355 MiB in 2.5 s).
        sent = 0
        chunked = b"POST /push/send HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
        framings = [(b"", b"\r\n" * 8192), (chunked, (b"1;" + b"e" * 1000 + b"\r\na\r\n") * 16), (chunked + b"0\r\n", b"X-Trailer: 1\r\n" * 1200)]
        deadline = time.monotonic() + 6

        def worker(source, prefix, filler):
            nonlocal sent
            while time.monotonic() < deadline:
                try:
                    s = socket.create_connection(("127.0.0.1", relay.port), timeout=0.5, source_address=(source, 0))
                except OSError:
                    continue  # over the address's connections for now
                sent += 1
                try:
                    s.sendall(prefix)
                    for _ in range(256):  # 4 MiB or so, far past any budget
                        s.sendall(filler)
                except OSError:
                    pass  # refused and closed: that is the point
                s.close()
        threads = [threading.Thread(target=worker, args=(f"127.0.0.{2 + index % 4}", *framings[index % 3])) for index in range(12)]
        [t.start() for t in threads]
        [t.join() for t in threads]
        return sent, 0

    def unread_pipelines():
        # Clients that pipeline requests as fast as they can and never read an answer: the relay
        # must stop reading from them (bounded memory) and keep serving everyone else.
        sent = 0
        deadline = time.monotonic() + 6
        chunk = b"POST /rate_limits/check HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 18\r\n\r\n{\"push_token\":\"t\"}" * 200

        def worker(source):
            nonlocal sent
            try:
                s = socket.create_connection(("127.0.0.1", relay.port), timeout=0.5, source_address=(source, 0))
            except OSError:
                return
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            while time.monotonic() < deadline:
                try:
                    s.sendall(chunk)
                    sent += 200
                except socket.timeout:
                    time.sleep(0.1)  # the relay stopped reading: that is the point
                except OSError:
                    break
            s.close()
        threads = [threading.Thread(target=worker, args=(f"127.0.0.{2 + index % 4}",)) for index in range(16)]
        [t.start() for t in threads]
        [t.join() for t in threads]
        return sent, 0

    def stream_holders():
        # Eight addresses each open as many streams as one address may, for registrations made
        # elsewhere, so every place is taken; then a device with no stream must still get one,
        # and its notification, while the flood holds on.
        holders, sent = [], 0
        for index in range(8):
            source = f"127.0.0.{2 + index}"
            attackers = [t for t in (register(relay.port, source=f"127.0.1.{1 + index}") for _ in range(CAPS["streams_per_address"] // 2 + 1)) if t]
            for attacker in attackers:
                for _ in range(2):
                    try:
                        s = socket.create_connection(("127.0.0.1", relay.port), timeout=2, source_address=(source, 0))
                        s.sendall(f"GET /push/stream HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {attacker[1]}\r\n\r\n".encode())
                        holders.append(s)
                    except OSError:
                        pass
                    sent += 1
        held = relay.metric("push_relay_streams")
        assert held is not None and held <= CAPS["streams_total"], f"{held} streams held"
        newcomer = register(relay.port, source="127.0.0.10")
        assert newcomer, "the newcomer could not register"
        stream = socket.create_connection(("127.0.0.1", relay.port), timeout=5, source_address=("127.0.0.10", 0))
        stream.sendall(f"GET /push/stream HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {newcomer[1]}\r\n\r\n".encode())
        status, _ = request(relay.port, "POST", "/push/send", body=push(newcomer[0], "welcome"), source="127.0.0.10")
        assert status == 201, f"the newcomer's notification: {status}"
        received, deadline = b"", time.monotonic() + 5
        while b"welcome" not in received and time.monotonic() < deadline:
            chunk = stream.recv(65536)
            if not chunk:
                break
            received += chunk
        assert b"welcome" in received, f"the newcomer got no stream or no notification: {received[:200]!r}"
        stream.close()
        time.sleep(4)
        for s in holders:
            s.close()
        return sent, 0

    def mid_stream_kill():
        # The device keeps crashing while a backlog and live notifications arrive.
        device.crashing = True
        backlog = set()
        for number in range(300):
            # Paced under the per-address rate, which Home Assistant's own posts share.
            status, _ = request(relay.port, "POST", "/push/send", body=push(token, f"backlog {number}"))
            assert status == 201, f"backlog {number}: {status}"
            backlog.add(f"backlog {number}")
            time.sleep(0.012)
        time.sleep(6)
        device.crashing = False
        device.has(backlog)
        return 300, len(device.missing(backlog))

    def hanging_provider():
        # Notifications for APNs, whose server never answers: each send waits for its timeout on
        # the provider threads (the request's deadline answers the client first); the request
        # threads stay free and the provider queue is bounded.
        sent = 0
        deadline = time.monotonic() + 8

        def worker(source):
            nonlocal sent
            while time.monotonic() < deadline:
                body = push("%064x" % random.getrandbits(256), "to apple")
                body["registration_info"]["app_id"] = "io.robbie.HomeAssistant"
                sent += 1
                try:
                    request(relay.port, "POST", "/push/send", body=body, source=source, timeout=15)
                except OSError:
                    pass
        threads = [threading.Thread(target=worker, args=(f"127.0.0.{2 + i % 4}",)) for i in range(100)]
        [t.start() for t in threads]
        [t.join() for t in threads]
        return sent, 0

    def metrics_flood():
        sent = 0
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            try:
                status, _ = request(relay.port, "GET", "/metrics", source="127.0.0.8")
                assert status in (401, 429), f"metrics without the token: {status}"
                request(relay.port, "GET", "/metrics", headers={"Authorization": "Bearer abuse-metrics-token-0123456789"}, source="127.0.0.9")
            except OSError:
                pass  # refused: over the address's connections
            sent += 2
        return sent, 0

    def behind_one_proxy():
        """A client floods through the reverse proxy everyone shares (127.0.0.1, naming it in
        X-Forwarded-For), while a stranger (127.0.0.3) sends a new X-Forwarded-For with each
        request to pass for many clients. Home Assistant posts through the same proxy."""
        counts = {"proxied": [0, 0], "spoofed": [0, 0]}
        deadline = time.monotonic() + 6

        def worker(kind, source, forwarded):
            connection = http.client.HTTPConnection("127.0.0.1", relay.port, timeout=5, source_address=(source, 0))
            while time.monotonic() < deadline:
                connection.request("POST", "/rate_limits/check", body=json.dumps({"push_token": "t"}),
                                   headers={"Content-Type": "application/json", "X-Forwarded-For": forwarded()})
                response = connection.getresponse()
                response.read()
                status = response.status
                counts[kind][0] += 1
                counts[kind][1] += status == 200
            connection.close()
        threads = [threading.Thread(target=worker, args=("proxied", "127.0.0.1", lambda: "198.51.100.7")) for _ in range(3)]
        threads.append(threading.Thread(target=worker, args=("spoofed", "127.0.0.3", lambda: f"203.0.113.{random.randrange(256)}")))
        [t.start() for t in threads]
        [t.join() for t in threads]
        # Each is one client to the relay: its burst plus its rate for the seconds it ran.
        allowed = 2 * CAPS["requests_per_address"] + 7 * CAPS["requests_per_address"]
        for kind, (sent, answered) in counts.items():
            assert answered <= allowed, f"{kind}: {answered} of {sent} requests answered 200, over one client's {allowed}"
        return counts["proxied"][0] + counts["spoofed"][0], 0

    def cross_site_posts():
        """What a web page can send without a preflight: text/plain and form POSTs to register
        devices (spending the registration limit) and to send. Each is refused (415) unread."""
        sent = 0
        for number in range(300):
            for path, body, kind in (("/push/register", b"{}", "text/plain"), ("/push/send", json.dumps(push(token, f"x{number}")).encode(),
                                     "application/x-www-form-urlencoded")):
                status, _ = request(relay.port, "POST", path, body=body, headers={"Content-Type": kind}, source="127.0.0.4")
                assert status in (415, 429), f"a {kind} POST to {path} was answered {status}"
                sent += 1
        return sent, 0

    def growing_numbers():
        """Notifications under the 64 KiB limit as sent whose numbers grow when written back (1e5
        is delivered as 100000.0): refused before they count or queue, so the device's stream
        never meets an event it cannot read."""
        sent = 0
        body = push(token, "grows")
        body["data"] = {"n": [100000.0] * 12000}
        raw = json.dumps(body).replace("100000.0", "1e5").encode()
        assert len(raw) < 64 << 10
        for _ in range(100):
            status, _ = request(relay.port, "POST", "/push/send", body=raw, source="127.0.0.5")
            assert status in (413, 429), f"a notification that grows past what a device reads was answered {status}"
            sent += 1
        return sent, 0

    for name, attack in [
        ("stolen push token reads/deletes", stolen_token), ("rate-limit check flood", check_flood),
        ("unfinished framing (empty lines, chunk extensions, trailers)", unfinished_framing),
        ("send flood (disk)", disk_flood), ("NUL token splits a limit", nul_token), ("slow clients hold connections", slow_clients),
        ("pipelines never read", unread_pipelines),
        ("stream flood; a newcomer still gets in", stream_holders), ("client killed mid-stream", mid_stream_kill), ("provider that never answers", hanging_provider),
        ("metrics flood", metrics_flood), ("one proxy for everyone: a client floods behind it, a stranger spoofs X-Forwarded-For", behind_one_proxy),
        ("cross-site POSTs (text/plain, forms)", cross_site_posts), ("numbers that grow when written back (1e5 → 100000.0)", growing_numbers),
    ]:
        run(name, attack)
    return rows


def main():
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    binary = sys.argv[1]
    redis_url, redis_processes, redis_ports = None, [], []
    redis_folder = tempfile.mkdtemp(prefix="relay-abuse-redis-")
    if "--redis" in sys.argv:
        process, port = start_redis(sys.argv[sys.argv.index("--redis") + 1], redis_folder)
        redis_processes, redis_ports = [process], [port]
        redis_url = f"redis://127.0.0.1:{port}/0"
    elif "--redis-cluster" in sys.argv:
        redis_processes, redis_ports = start_cluster(sys.argv[sys.argv.index("--redis-cluster") + 1], redis_folder)
        redis_url = f"redis+cluster://127.0.0.1:{redis_ports[0]}"
    relay = Relay(binary, redis_url, redis_ports)
    try:
        token, secret = register(relay.port)
        device = Device(relay.port, secret)
        device.start()
        rows = attack_rows(relay, token, device)
        device.stop()
    finally:
        relay.stop()
        for process in redis_processes:
            process.kill()
    store = "SQLite" if not redis_url else "a Redis Cluster of six nodes" if len(redis_ports) > 1 else "Redis"
    print(f"push-relay under attack ({store}; caps: {', '.join(f'{k}={v}' for k, v in CAPS.items())})")
    storage = "disk" if not redis_url else "the six nodes' memory" if len(redis_ports) > 1 else "Redis memory"
    print(f"| attack | requests | seconds | relay RSS MiB before → after | {storage} MiB before → after | HA POSTs 201 < 1 s | lost |")
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
