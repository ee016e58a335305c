"""One run of tools/bench/window: starts a window on the bench's display, times it from the start
to the frontend connected, lets the dashboard settle, and sums the memory of its whole process
tree (resident and proportional: shared pages split between the processes sharing them).

  window-measure.py companion HOME URL PATH        `home window`, connected when it logs so
  window-measure.py unsandboxed HOME URL PATH      the same with WebKit's sandbox off, as Chromium runs as root
  window-measure.py chromium CHROMIUM URL PATH     Chromium --app, connected when hass says so (DevTools)

Prints one JSON line: {"seconds": …, "rss_mib": …, "pss_mib": …, "processes": …}.
"""
import asyncio
import base64
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request

import websockets

SETTLE = 8.0


def tree(root):
    """The pids of root and every process below it."""
    children = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    parent = int(stat.read().rsplit(")", 1)[1].split()[1])
                children.setdefault(parent, []).append(int(entry))
            except (OSError, IndexError, ValueError):
                pass
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo.extend(children.get(pid, []))
    return found


def memory(root):
    rss = pss = 0
    pids = tree(root)
    for pid in pids:
        try:
            with open(f"/proc/{pid}/smaps_rollup") as rollup:
                for line in rollup:
                    name, value = line.split(":", 1)
                    if name == "Rss":
                        rss += int(value.split()[0])
                    elif name == "Pss":
                        pss += int(value.split()[0])
        except OSError:
            pass
    return rss / 1024, pss / 1024, len(pids)


def stop(process):
    for pid in reversed(tree(process.pid)):
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    process.wait()


def companion(home, url, path, sandboxed=True):
    folder = os.environ["WINDOW_BENCH_HOME"]
    environment = dict(os.environ, HOME_LOG_LEVEL="info", XDG_CONFIG_HOME=f"{folder}/config", XDG_DATA_HOME=f"{folder}/data", XDG_CACHE_HOME=f"{folder}/cache")
    if not sandboxed:
        environment["WEBKIT_DISABLE_SANDBOX_THIS_IS_DANGEROUS"] = "1"
    start = time.monotonic()
    process = subprocess.Popen([home, "window", "--path", path], stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, env=environment, text=True)
    seconds = None
    for line in process.stderr:
        if "the frontend is connected" in line:
            seconds = time.monotonic() - start
            break
    if seconds is None:
        stop(process)
        sys.exit("the companion window never said it was connected")
    threading.Thread(target=lambda: [None for _ in process.stderr], daemon=True).start()  # keep draining its log
    time.sleep(SETTLE)
    rss, pss, count = memory(process.pid)
    stop(process)
    return seconds, rss, pss, count


def authorization_code(url, username, password):
    """A login-flow code for the frontend's own client id, as its login page would get."""
    client = url + "/"
    def post(path, body):
        request = urllib.request.Request(url + path, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request) as answer:
            return json.load(answer)
    flow = post("/auth/login_flow", {"client_id": client, "handler": ["homeassistant", None], "redirect_uri": url + "/?auth_callback=1"})
    result = post(f"/auth/login_flow/{flow['flow_id']}", {"client_id": client, "username": username, "password": password})
    return result["result"], client


async def connected_over_devtools(port, deadline):
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/json") as answer:
                pages = [page for page in json.load(answer) if page.get("type") == "page"]
            if pages:
                break
        except OSError:
            pass
        await asyncio.sleep(0.05)
    async with websockets.connect(pages[0]["webSocketDebuggerUrl"], max_size=None) as devtools:
        ident = 0
        while time.monotonic() < deadline:
            ident += 1
            await devtools.send(json.dumps({"id": ident, "method": "Runtime.evaluate", "params": {
                "expression": "document.querySelector('home-assistant')?.hass?.connected === true", "returnByValue": True}}))
            while True:
                answer = json.loads(await devtools.recv())
                if answer.get("id") == ident:
                    break
            if answer.get("result", {}).get("result", {}).get("value") is True:
                return True
            await asyncio.sleep(0.05)
    return False


def chromium(binary, url, path):
    code, client = authorization_code(url, os.environ["HA_USERNAME"], os.environ["HA_PASSWORD"])
    state = base64.b64encode(json.dumps({"hassUrl": url, "clientId": client}).encode()).decode()
    page = f"{url}{path}?" + urllib.parse.urlencode({"auth_callback": "1", "code": code, "state": state})
    profile = tempfile.mkdtemp(prefix="window-bench-chromium-")
    port = 9300 + os.getpid() % 500
    arguments = [binary, f"--app={page}", f"--user-data-dir={profile}", f"--remote-debugging-port={port}", "--no-first-run",
                 "--no-default-browser-check", "--window-size=1280,900", "--disable-gpu", "--password-store=basic"]
    if os.geteuid() == 0:
        arguments.append("--no-sandbox")  # Chromium refuses to start its sandbox as root
    start = time.monotonic()
    process = subprocess.Popen(arguments, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        if not asyncio.run(connected_over_devtools(port, start + 90)):
            sys.exit("Chromium never connected to the server")
        seconds = time.monotonic() - start
        time.sleep(SETTLE)
        rss, pss, count = memory(process.pid)
    finally:
        stop(process)
        shutil.rmtree(profile, ignore_errors=True)
    return seconds, rss, pss, count


def main():
    kind, program, url, path = sys.argv[1:5]
    measure = {"companion": companion, "unsandboxed": lambda *a: companion(*a, sandboxed=False), "chromium": chromium}[kind]
    seconds, rss, pss, count = measure(program, url, path)
    print(json.dumps({"seconds": round(seconds, 3), "rss_mib": round(rss, 1), "pss_mib": round(pss, 1), "processes": count}))


if __name__ == "__main__":
    main()
