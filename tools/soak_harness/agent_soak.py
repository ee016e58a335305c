"""`home agent` and `home watch` for MINUTES against a real Home Assistant under faults.

A Home Assistant of its own (state in WORK/ha, with the recorder, so every event that reaches the
server is on disk in order) behind a loopback proxy that `home` signs in through. Meanwhile:
  - every second `home agent event soak_event {"seq": N}` queues an event durably (the daemon
    delivers what the command could not), and every two seconds the harness changes states on
    the server (sets, replaces attributes, removes entities, toggles demo lights);
  - the server is restarted (stopped gracefully, started again) every RESTART_EVERY seconds,
    the proxy cuts every connection (reset) and refuses new ones for CUT_LENGTH seconds every
    CUT_EVERY seconds, and the agent is SIGKILLed and started again every KILL_EVERY seconds.
At the end, with the faults stopped: every queued event in the recorder once and in order, the
entities `home watch --json` holds equal to the server's states, RSS and descriptor counts of
each process flat (the agent per lifetime, since it is killed). Prints a table; exits 1 when a
row does not hold.

  python3 tools/soak_harness/agent_soak.py HOME-BINARY MINUTES WORK-FOLDER
"""
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.request

from proxy import CuttingProxy
from process_sample import ProcessSampler, flat

# The fault periods of a 30-minute run; shorter runs scale them down (a server restart takes
# about half a minute, so never more often than every 90 s).
RESTART_EVERY = 360
CUT_EVERY = 240
CUT_LENGTH = 20
KILL_EVERY = 420
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class HomeAssistant:
    """The soak's own server, through tools/ha-server with a separate state folder."""

    def __init__(self, work):
        self.folder = os.path.join(work, "ha")
        extra = os.path.join(work, "recorder.yaml")
        with open(extra, "w") as f:
            f.write("recorder:\n  commit_interval: 1\n  purge_keep_days: 1\n")
        self.env = dict(os.environ, HA_SERVER_DIR=self.folder, HA_EXTRA_CONFIGURATION=extra)
        self.settings = {}
        self.up = threading.Event()
        self.restarts = 0

    def start(self):
        out = subprocess.run([os.path.join(ROOT, "tools/ha-server"), "start"], env=self.env, check=True,
                             capture_output=True, text=True).stdout
        self.settings = dict(line.split("=", 1) for line in out.splitlines() if "=" in line)
        self.up.set()

    def stop(self):
        self.up.clear()
        subprocess.run([os.path.join(ROOT, "tools/ha-server"), "stop"], env=self.env, check=True, capture_output=True)

    def restart(self):
        self.stop()
        time.sleep(3)
        self.start()
        self.restarts += 1

    @property
    def port(self):
        with open(os.path.join(self.folder, "port")) as f:
            return int(f.read())

    def rest(self, method, path, body=None, timeout=10):
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}{path}", method=method, data=None if body is None else json.dumps(body).encode(),
            headers={"Authorization": "Bearer " + self.settings["HA_TOKEN"], "Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            text = answer.read()
            return json.loads(text) if text else None

    def recorded_events(self, event_type):
        """The data of every recorded event of `event_type`, in the order the server fired them."""
        database = sqlite3.connect(os.path.join(self.folder, "config", "home-assistant_v2.db"))
        rows = database.execute(
            "SELECT d.shared_data FROM events e JOIN event_types t ON e.event_type_id = t.event_type_id "
            "JOIN event_data d ON e.data_id = d.data_id WHERE t.event_type = ? ORDER BY e.event_id", (event_type,)).fetchall()
        database.close()
        return [json.loads(row[0]) for row in rows]


class Home:
    """`home` with folders of its own under the work folder."""

    def __init__(self, binary, work):
        self.binary = binary
        home = os.path.join(work, "home")
        self.env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home, "XDG_CONFIG_HOME": home + "/config",
                    "XDG_DATA_HOME": home + "/data", "XDG_CACHE_HOME": home + "/cache", "XDG_STATE_HOME": home + "/state",
                    "HOME_LOG_LEVEL": "info"}
        self.logs = work

    def run(self, *arguments, stdin=None, timeout=120):
        return subprocess.run([self.binary, *arguments], input=stdin, env=self.env, capture_output=True, text=True, timeout=timeout)

    def spawn(self, name, *arguments, stdout=subprocess.DEVNULL):
        log = open(os.path.join(self.logs, name + ".log"), "a")
        return subprocess.Popen([self.binary, *arguments], env=self.env, stdout=stdout, stderr=log, text=True)

    def queued_events(self):
        """`soak_event` calls still in the agent's webhook queue (any server folder)."""
        count = 0
        for folder, _, files in os.walk(self.env["XDG_DATA_HOME"]):
            if "webhooks.sqlite" in files:
                database = sqlite3.connect(os.path.join(folder, "webhooks.sqlite"), timeout=10)
                count += database.execute("SELECT count(*) FROM outbox WHERE CAST(payload AS TEXT) LIKE '%soak_event%'").fetchone()[0]
                database.close()
        return count


class Watcher:
    """`home watch --json`, applied line by line to the entities it describes."""

    def __init__(self, home):
        self.process = home.spawn("watch", "watch", "--json", stdout=subprocess.PIPE)
        self.entities = {}
        self.lines = 0
        self.lock = threading.Lock()
        threading.Thread(target=self.read, daemon=True).start()

    def read(self):
        for line in self.process.stdout:
            change = json.loads(line)
            with self.lock:
                self.lines += 1
                if change["new_state"] is None:
                    self.entities.pop(change["entity_id"], None)
                else:
                    self.entities[change["entity_id"]] = change["new_state"]

    def differences(self, states):
        """Entities where the watcher and the server disagree (state or attributes), or that one lacks."""
        server = {s["entity_id"]: s for s in states}
        with self.lock:
            mine = dict(self.entities)
        differing = [i for i in server.keys() & mine.keys()
                     if (server[i]["state"], server[i]["attributes"]) != (mine[i]["state"], mine[i]["attributes"])]
        return sorted(differing + list(server.keys() ^ mine.keys()))


def change_states(server, rng):
    """One round of state changes on the server: set, reshape, remove, toggle."""
    number = rng.randrange(20)
    entity = f"sensor.soak_{number}"
    action = rng.random()
    if action < 0.1:
        server.rest("DELETE", f"/api/states/{entity}")
    elif action < 0.2:
        server.rest("POST", "/api/services/light/toggle", {"entity_id": "light.bed_light"})
    else:
        attributes = {"unit_of_measurement": "W", "round": rng.randrange(1000)}
        if rng.random() < 0.5:
            attributes["nested"] = {"list": [rng.random(), None, "text"], "flag": rng.random() < 0.5}
        server.rest("POST", f"/api/states/{entity}", {"state": str(rng.randrange(10000)), "attributes": attributes})


def main():
    binary, minutes, work = sys.argv[1], float(sys.argv[2]), sys.argv[3]
    scale = min(1.0, minutes / 30)
    restart_every, cut_every, kill_every = max(90, RESTART_EVERY * scale), max(40, CUT_EVERY * scale), max(60, KILL_EVERY * scale)
    rng = random.Random(14)
    server = HomeAssistant(work)
    server.start()
    proxy = CuttingProxy(lambda: server.port)
    home = Home(binary, work)
    address = f"http://127.0.0.1:{proxy.port}"
    login = home.run("login", address, "--username", server.settings["HA_USERNAME"], "--password-stdin",
                     stdin=server.settings["HA_PASSWORD"] + "\n")
    if login.returncode != 0:
        raise SystemExit(f"login failed: {login.stderr}")
    for step in (["agent", "register"], ["sensors", "enable", "load_average_1m", "memory_use", "cpu_use"]):
        result = home.run(*step)
        if result.returncode != 0:
            raise SystemExit(f"home {' '.join(step)} failed: {result.stderr}")

    agent = home.spawn("agent", "agent", "--interval", "5")
    watcher = Watcher(home)
    sampler = ProcessSampler(work)
    lifetimes = [sampler.track(f"agent #1", agent.pid)]
    watch_samples = sampler.track("watch", watcher.process.pid)

    queued, command_failures, seq, kills, cuts = [], [], 0, 0, 0
    restart_thread = None
    start = time.monotonic()
    next_restart, next_cut, next_kill = start + restart_every / 2, start + cut_every / 3, start + kill_every * 2 / 3
    next_change = start
    while time.monotonic() - start < minutes * 60:
        now = time.monotonic()
        if now >= next_restart and (restart_thread is None or not restart_thread.is_alive()):
            restart_thread = threading.Thread(target=server.restart)
            restart_thread.start()
            next_restart = now + restart_every
        if now >= next_cut:
            proxy.cut(CUT_LENGTH)
            cuts += 1
            next_cut = now + cut_every
        if now >= next_kill:
            agent.send_signal(signal.SIGKILL)
            agent.wait()
            kills += 1
            agent = home.spawn("agent", "agent", "--interval", "5")
            lifetimes.append(sampler.track(f"agent #{kills + 1}", agent.pid))
            next_kill = now + kill_every
        seq += 1
        result = home.run("agent", "event", "soak_event", json.dumps({"seq": seq}))
        if result.returncode == 0 or "queued, not sent" in result.stderr:
            queued.append(seq)  # a call queued but not sent is the daemon's to deliver
        if result.returncode != 0:
            command_failures.append((seq, result.stderr.strip()[-200:]))
        if now >= next_change and server.up.is_set():
            try:
                change_states(server, rng)
            except OSError:
                pass  # the server went down between the check and the call
            next_change = now + 2
        sampler.sample()
        time.sleep(max(0, 1 - (time.monotonic() - now)))
    if restart_thread:
        restart_thread.join()

    # Faults over: the queue drains, the watcher converges.
    deadline = time.monotonic() + 180
    while home.queued_events() and time.monotonic() < deadline:
        time.sleep(1)
    left_in_queue = home.queued_events()
    deadline = time.monotonic() + 120
    while True:
        differing = watcher.differences(server.rest("GET", "/api/states"))
        if not differing or time.monotonic() > deadline:
            break
        time.sleep(2)
    entity_count = len(watcher.entities)
    sampler.sample()
    agent.send_signal(signal.SIGTERM)
    agent.wait(timeout=30)
    watcher.process.send_signal(signal.SIGKILL)
    watcher.process.wait()
    proxy.close()
    server.stop()

    recorded = [event.get("seq") for event in server.recorded_events("soak_event")]
    seen = set()
    duplicates = [s for s in recorded if s in seen or seen.add(s)]
    missing = sorted(set(queued) - seen)
    firsts = [s for i, s in enumerate(recorded) if s not in recorded[:i]]
    out_of_order = sum(1 for a, b in zip(firsts, firsts[1:]) if b < a)

    rows = [
        ("events queued (home agent event)", f"{len(queued)} of {seq}", len(queued) == seq),
        ("home agent event exits other than 0", len(command_failures), True),
        ("events recorded by the server", len(recorded), True),
        ("lost", len(missing), not missing and left_in_queue == 0),
        ("delivered twice", len(duplicates), not duplicates),
        ("out of order", out_of_order, out_of_order == 0),
        (f"entities: home watch vs get_states ({entity_count})", f"{len(differing)} differ", not differing),
        ("faults: restarts / cuts / agent kills", f"{server.restarts} / {cuts} / {kills}", server.restarts > 0 and cuts > 0 and kills > 0),
    ]
    for samples in [*lifetimes, watch_samples]:
        rows.append(flat(samples))
    width = max(len(r[0]) for r in rows)
    print(f"{'check'.ljust(width)}  {'value':>32}  holds")
    for name, value, holds in rows:
        print(f"{name.ljust(width)}  {str(value):>32}  {'yes' if holds else 'NO'}")
    for failure in command_failures[:5]:
        print(f"home agent event failed (seq {failure[0]}): {failure[1]}")
    if missing:
        print(f"lost: {missing[:20]}")
    if duplicates:
        print(f"delivered twice: {duplicates[:20]}")
    if differing:
        print(f"differing entities: {differing[:10]}")
    sys.exit(0 if all(r[2] for r in rows) else 1)


if __name__ == "__main__":
    main()
