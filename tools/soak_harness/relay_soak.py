"""The push relay for MINUTES at half its measured capacity, with stream clients connecting and
dropping.

A release relay with SQLite in WORK. First its capacity: wrk (2 threads, 64 connections, 10 s)
posting Home Assistant's notify body to 1,000 issued push tokens whose devices never connect
(their queues stay at the per-token cap, so the oldest is dropped: the bound at work). Then, for
MINUTES, wrk holds half that rate on the same tokens (paced by tools/soak_harness/relay-load.lua,
re-paced every minute), while 16 devices hold their streams for 2-60 s, acknowledge what they
read (or drop without acknowledging, or reset the connection) and come back with
Last-Event-ID, and a "Home Assistant" posts numbered notifications to them, 20 a second. At the
end: no 5xx from either sender, every notification posted to a device (201) received by it,
RSS, descriptors and disk flat. Prints a table; exits 1 when a row does not hold.

  python3 tools/soak_harness/relay_soak.py RELAY-BINARY MINUTES WORK-FOLDER
"""
import json
import os
import random
import re
import socket
import struct
import subprocess
import sys
import threading
import time

from process_sample import ProcessSampler, flat

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "abuse"))
from relay import free_port, push, register, request  # noqa: E402  (tools/abuse/relay.py)

DEVICES = 16
LOAD_TOKENS = 1000
SETTINGS = {
    "daily_limit": 10000000, "requests_per_address": 1000000, "registrations_per_address": 100000,
    "connections_per_address": 1024, "queue_per_token": 100, "streams_per_address": 64,
}


class StreamEvents:
    """Server-sent events from a chunked HTTP answer, fed as it arrives: complete (id, message) pairs."""

    def __init__(self):
        self.head_read, self.raw, self.text = False, b"", ""

    def feed(self, data):
        self.raw += data
        if not self.head_read:
            if b"\r\n\r\n" not in self.raw:
                return []
            self.head_read, self.raw = True, self.raw.split(b"\r\n\r\n", 1)[1]
        while (line_end := self.raw.find(b"\r\n")) >= 0:
            size = int(self.raw[:line_end], 16)
            if len(self.raw) < line_end + 2 + size + 2:
                break
            self.text += self.raw[line_end + 2:line_end + 2 + size].decode()
            self.raw = self.raw[line_end + 4 + size:]
        events = []
        while "\n\n" in self.text:
            block, self.text = self.text.split("\n\n", 1)
            fields = dict(line.split(": ", 1) for line in block.split("\n") if ": " in line)
            if fields.get("event") == "notification" and "id" in fields:
                events.append((fields["id"], json.loads(fields["data"])["body"]))
        return events


class Device(threading.Thread):
    """Holds its stream for 2-60 s, acknowledges every half second, then leaves: politely after
    acknowledging, or dropping what it read since its last acknowledgement, or by a reset; comes
    back after up to 5 s with the last id it acknowledged."""

    def __init__(self, port, token, secret, rng):
        super().__init__(daemon=True)
        self.port, self.token, self.secret, self.rng = port, token, secret, rng
        self.received, self.lock = set(), threading.Lock()
        self.acknowledged = None
        self.sessions = 0
        self.stopping = threading.Event()

    def run(self):
        while not self.stopping.is_set():
            try:
                self.hold(self.rng.uniform(2, 60))
            except (OSError, ValueError):
                pass
            self.stopping.wait(self.rng.uniform(0, 5))

    def acknowledge(self, last_id):
        status, _ = request(self.port, "POST", "/push/ack", body={"last_id": last_id},
                            headers={"Authorization": f"Bearer {self.secret}"})
        if status == 200 or status == 204:
            self.acknowledged = last_id

    def hold(self, seconds):
        sock = socket.create_connection(("127.0.0.1", self.port), timeout=0.5)
        self.sessions += 1
        head = f"GET /push/stream HTTP/1.1\r\nHost: relay\r\nAuthorization: Bearer {self.secret}\r\n"
        if self.acknowledged:
            head += f"Last-Event-ID: {self.acknowledged}\r\n"
        sock.sendall((head + "\r\n").encode())
        parser, last_read, last_ack = StreamEvents(), None, time.monotonic()
        leave_at = time.monotonic() + seconds
        try:
            while not self.stopping.is_set() and time.monotonic() < leave_at:
                try:
                    data = sock.recv(65536)
                except socket.timeout:
                    data = None
                if data == b"":
                    return
                for ident, message in parser.feed(data or b""):
                    with self.lock:
                        self.received.add(message)
                    last_read = ident
                if last_read and last_read != self.acknowledged and time.monotonic() - last_ack > 0.5:
                    self.acknowledge(last_read)
                    last_ack = time.monotonic()
            ending = self.rng.random()
            if ending < 0.4 and last_read:
                self.acknowledge(last_read)
            elif ending < 0.7:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        finally:
            sock.close()

    def missing(self, messages):
        with self.lock:
            return messages - self.received


class HomeAssistant(threading.Thread):
    """Posts a numbered notification to each device in turn, 20 a second; keeps every answer."""

    def __init__(self, port, devices):
        super().__init__(daemon=True)
        self.port, self.devices = port, devices
        self.sent = {device.token: set() for device in devices}
        self.statuses = {}
        self.stopping = threading.Event()

    def run(self):
        number = 0
        while not self.stopping.is_set():
            device = self.devices[number % len(self.devices)]
            number += 1
            message = f"soak {number}"
            try:
                status, _ = request(self.port, "POST", "/push/send", body=push(device.token, message), timeout=10)
            except OSError:
                status = 0
            self.statuses[status] = self.statuses.get(status, 0) + 1
            if status == 201:
                self.sent[device.token].add(message)
            self.stopping.wait(0.05)

    def stop(self):
        self.stopping.set()
        self.join()


def milliseconds(text):
    """wrk's latency text (812.00us, 4.31ms, 1.02s) in milliseconds."""
    number, unit = re.fullmatch(r"([\d.]+)(us|ms|s|m)", text).groups()
    return float(number) * {"us": 0.001, "ms": 1, "s": 1000, "m": 60000}[unit]


def wrk(port, tokens, seconds, connections, pause_ms):
    """One wrk run; returns (requests/s, {2xx, 4xx, 5xx}, socket errors, p99 text)."""
    out = subprocess.run(["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--latency", "-s",
                          "tools/soak_harness/relay-load.lua", f"http://127.0.0.1:{port}", "--", "/push/send", tokens,
                          str(pause_ms)], capture_output=True, text=True, check=True).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    answers = {k: int(v) for k, v in re.findall(r"(\dxx)=(\d+)", out)}
    errors = sum(int(n) for n in re.findall(r"(?:connect|read|write|timeout) (\d+)", out))
    p99 = re.search(r"\s99%\s+(\S+)", out).group(1)
    return rate, answers, errors, p99


def main():
    binary, minutes, work = sys.argv[1], float(sys.argv[2]), sys.argv[3]
    rng = random.Random(14)
    port = free_port()
    settings = dict(SETTINGS, database=os.path.join(work, "relay.sqlite"))
    config = os.path.join(work, "config.json")
    with open(config, "w") as f:
        json.dump(settings, f)
    relay = subprocess.Popen([binary, "serve", "--config", config, "--port", str(port)], stdout=subprocess.DEVNULL,
                             stderr=open(os.path.join(work, "relay.log"), "w"),
                             env={"PATH": "/usr/bin:/bin", "HOME": work, "PUSH_RELAY_LOG_LEVEL": "warning"})
    for _ in range(100):
        try:
            if request(port, "GET", "/healthz")[0] == 200:
                break
        except OSError:
            time.sleep(0.1)
    tokens = os.path.join(work, "tokens")
    with open(tokens, "w") as f:
        f.write("\n".join(register(port)[0] for _ in range(LOAD_TOKENS)) + "\n")

    def disk_kib():
        return sum(os.path.getsize(os.path.join(work, n)) for n in os.listdir(work) if n.startswith("relay.sqlite")) // 1024

    capacity, _, _, capacity_p99 = wrk(port, tokens, 10, 64, 0)
    target = capacity / 2
    devices = [Device(port, *register(port), random.Random(rng.random())) for _ in range(DEVICES)]
    home_assistant = HomeAssistant(port, devices)
    sampler = ProcessSampler(work)
    samples = sampler.track("relay", relay.pid, disk=disk_kib)
    for device in devices:
        device.start()
    home_assistant.start()
    sampler_stop = threading.Event()

    def sample_loop():
        while not sampler_stop.is_set():
            sampler.sample()
            sampler_stop.wait(1)

    threading.Thread(target=sample_loop, daemon=True).start()

    # Half the capacity, re-paced each minute: each connection's cycle is its pause plus the
    # request's own time, so the pause moves by the gap between the cycle wanted and the one seen.
    connections = max(4, round(target * 0.012))
    pause, rates, totals, socket_errors, p99s = 10, [], {"2xx": 0, "4xx": 0, "5xx": 0}, 0, []
    end = time.monotonic() + minutes * 60
    while time.monotonic() < end - 1:
        seconds = int(min(60, end - time.monotonic()))
        rate, answers, errors, p99 = wrk(port, tokens, seconds, connections, pause)
        rates.append(rate)
        p99s.append(p99)
        socket_errors += errors
        for k in totals:
            totals[k] += answers.get(k, 0)
        pause = max(0, round(pause + connections * 1000 / target - connections * 1000 / max(rate, 1)))
    home_assistant.stop()
    deadline = time.monotonic() + 60
    while any(d.missing(home_assistant.sent[d.token]) for d in devices) and time.monotonic() < deadline:
        time.sleep(0.5)
    for device in devices:
        device.stopping.set()
    sampler_stop.set()
    sampler.sample(every=0)
    relay.kill()
    relay.wait()

    posted = sum(len(s) for s in home_assistant.sent.values())
    lost = sum(len(d.missing(home_assistant.sent[d.token])) for d in devices)
    sessions = sum(d.sessions for d in devices)
    other = {s: n for s, n in home_assistant.statuses.items() if s != 201}
    average = sum(rates) / max(1, len(rates))
    rows = [
        ("capacity (wrk, 64 connections, 10 s)", f"{capacity:,.0f} req/s, p99 {capacity_p99}", True),
        ("load held (each minute's rate)", f"{min(rates):,.0f}-{max(rates):,.0f} req/s, avg {average:,.0f}",
         abs(average - target) <= 0.1 * target),
        ("load answers 2xx / 4xx / 5xx", f"{totals['2xx']:,} / {totals['4xx']:,} / {totals['5xx']:,}",
         totals["5xx"] == 0 and totals["4xx"] == 0 and socket_errors == 0),
        ("load p99 per minute (worst)", max(p99s, key=milliseconds), True),
        (f"device notifications posted (201) / other answers", f"{posted:,} / {sum(other.values())}", not other),
        (f"stream sessions of {DEVICES} devices", f"{sessions:,}", sessions > DEVICES),
        ("notifications lost", lost, lost == 0),
        flat(samples, slack_kib=8192, slack_disk_kib=8192),
    ]
    width = max(len(r[0]) for r in rows)
    print(f"{'check'.ljust(width)}  {'value':>48}  holds")
    for name, value, holds in rows:
        print(f"{name.ljust(width)}  {str(value):>48}  {'yes' if holds else 'NO'}")
    if other:
        print(f"other answers to the device notifications: {other}")
    sys.exit(0 if all(r[2] for r in rows) else 1)


if __name__ == "__main__":
    main()
