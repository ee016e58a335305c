"""A WLED light on the network, for the Improv tests: what the WLED firmware (0.14) answers on its
JSON API, so that Home Assistant's own wled integration (python-wled 0.17) can set it up and
follow it. A stand-in, since no ESP32 runs here; it speaks the real API, on port 80 as WLED does
(python-wled always connects there), on the loopback address given.

  wled-standin.py ADDRESS [LOG]   prints `listening ADDRESS` once ready; serves until killed

GET /json, /json/si, /json/info, /json/state, /json/eff, /json/pal, /presets.json; POST
/json/state changes the state (on, bri, transition, seg). No WebSocket (`ws: -1`), so the
integration polls. Every request is logged to LOG (else stderr), one line each.
"""
import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

ADDRESS = sys.argv[1]
LOG = open(sys.argv[2], "a", buffering=1) if len(sys.argv) > 2 else sys.stderr
LOCK = threading.Lock()
EFFECTS = ["Solid", "Blink", "Breathe", "Wipe", "Wipe Random", "Random Colors", "Sweep", "Dynamic", "Colorloop", "Rainbow"]
PALETTES = ["Default", "* Random Cycle", "* Color 1", "* Colors 1&2", "* Color Gradient", "* Colors Only", "Party", "Cloud", "Lava", "Ocean"]
STATE = {
    "on": True, "bri": 128, "transition": 7, "ps": -1, "pl": -1,
    "nl": {"on": False, "dur": 60, "mode": 1, "tbri": 0, "rem": -1},
    "udpn": {"send": False, "recv": True, "sgrp": 1, "rgrp": 1},
    "lor": 0, "mainseg": 0,
    "seg": [{"id": 0, "start": 0, "stop": 30, "len": 30, "grp": 1, "spc": 0, "of": 0, "on": True, "frz": False, "bri": 255,
             "cct": 127, "set": 0, "col": [[255, 160, 0], [0, 0, 0], [0, 0, 0]], "fx": 0, "sx": 128, "ix": 128, "pal": 0,
             "c1": 128, "c2": 128, "c3": 16, "sel": True, "rev": False, "mi": False, "o1": False, "o2": False, "o3": False,
             "si": 0, "m12": 0}],
}
INFO = {
    "ver": "0.14.0", "vid": 2310130, "cn": "Hoshi", "release": "ESP32",
    "leds": {"count": 30, "pwr": 0, "fps": 42, "maxpwr": 850, "maxseg": 32, "seglc": [1], "lc": 1, "rgbw": False, "wv": 0, "cct": 0},
    "str": False, "name": "Improv WLED", "udpport": 21324, "live": False, "liveseg": -1, "lm": "", "lip": "", "ws": -1,
    "fxcount": len(EFFECTS), "palcount": len(PALETTES), "cpalcount": 0, "maps": [{"id": 0}],
    "wifi": {"bssid": "02:00:00:00:00:01", "rssi": -48, "signal": 100, "channel": 6},
    "fs": {"u": 12, "t": 983, "pmt": 0}, "ndc": 0, "arch": "esp32", "core": "v3.3.6-16-gcc5440f6a2", "lwip": 0,
    "freeheap": 198204, "uptime": 3600, "time": "2024-3-20, 12:00:00", "opt": 79, "brand": "WLED", "product": "FOSS",
    "mac": "02c0ffee0123", "ip": ADDRESS,
}


def document(path):
    with LOCK:
        if path in ("/json", "/json/"):
            return {"state": STATE, "info": INFO, "effects": EFFECTS, "palettes": PALETTES}
        if path == "/json/si":
            return {"state": STATE, "info": INFO}
        if path == "/json/info":
            return INFO
        if path == "/json/state":
            return STATE
        if path == "/json/eff":
            return EFFECTS
        if path == "/json/pal":
            return PALETTES
        if path == "/presets.json":
            return {"0": {}}
    return None


class Handler(BaseHTTPRequestHandler):
    server_version = "WLED"

    def answer(self, status, value):
        body = json.dumps(value).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        found = document(self.path.split("?")[0])
        if found is None:
            self.answer(404, {"error": "Not found"})
        else:
            self.answer(200, found)

    def do_POST(self):
        if self.path.split("?")[0] not in ("/json", "/json/", "/json/state"):
            self.answer(404, {"error": "Not found"})
            return
        length = int(self.headers.get("Content-Length", "0"))
        if length > 16384:
            self.answer(413, {"error": "too large"})
            return
        try:
            change = json.loads(self.rfile.read(length) or b"{}")
        except ValueError:
            self.answer(400, {"error": 9})
            return
        with LOCK:
            for key in ("on", "bri", "transition"):
                if key in change:
                    STATE[key] = change[key]
            for index, segment in enumerate(change.get("seg", []) if isinstance(change.get("seg"), list) else []):
                if isinstance(segment, dict) and index < len(STATE["seg"]):
                    STATE["seg"][index].update({k: v for k, v in segment.items() if k in STATE["seg"][index]})
            answer = {"success": True} if not change.get("v") else {"state": STATE, "info": INFO}
        self.answer(200, answer)

    def log_message(self, form, *args):
        LOG.write("wled-standin: " + (form % args) + "\n")


server = ThreadingHTTPServer((ADDRESS, 80), Handler)
print(f"listening {ADDRESS}", flush=True)
server.serve_forever()
