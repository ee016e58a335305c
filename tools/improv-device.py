"""An Improv Wi-Fi device on a pseudo-terminal, behaving like ESPHome's serial Improv: it prints
its own log lines between packets, answers the state request, device information, the network
scan, and Wi-Fi credentials (provisioning, then provisioned with a redirect URL, or "unable to
connect" for a wrong password), through the device logic it shares with tools/bluez-standin.py
(tools/improv_sim/device.py). Modes make it misbehave:

  normal         as above (the password is "correct horse")
  slow           every answer 1.5 s late
  silent         reads everything, answers nothing
  bad-checksum   every packet it sends has a wrong checksum (then, a moment later, a good one)
  drop           closes its end of the port while provisioning (the device resets)

  improv-device.py [MODE [REDIRECT-URL [FIRMWARE]]]   prints `pty PATH`; exits with the process
                                                     that started it. FIRMWARE is the name its
                                                     device information gives (ESPHome; WLED …)
"""
import os
import select
import sys
import time

HEADER = b"IMPROV"
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from improv_sim.device import ImprovDevice, rpc_frame, strings_in  # noqa: E402


def packet(kind, payload, good=True):
    body = HEADER + bytes([1, kind, len(payload)]) + payload
    return body + bytes([(sum(body) + (0 if good else 1)) & 0xFF])


class SerialDevice:
    def __init__(self, mode, redirect, firmware):
        self.mode = mode
        self.device = ImprovDevice(redirect, "serial", drop=mode == "drop", firmware=firmware)
        self.master, slave = os.openpty()
        self.path = os.ttyname(slave)
        self.buffer = b""
        self.last_log = 0.0

    def send(self, data):
        if self.mode == "silent":
            return
        if self.mode == "slow":
            time.sleep(1.5)
        if self.mode == "bad-checksum" and data.startswith(HEADER):
            os.write(self.master, data[:-1] + bytes([(data[-1] + 1) & 0xFF]) + b"\r\n")
            time.sleep(0.05)
        os.write(self.master, data)

    def log(self, text):
        os.write(self.master, b"[I][improv_serial:042]: " + text.encode() + b"\r\n")

    def handle(self, payload):
        command, length = payload[0], payload[1]
        strings = strings_in(payload[2 : 2 + length])
        for event in self.device.handle(command, strings if strings is not None else []):
            kind = event[0]
            if kind == "state":
                self.send(packet(1, bytes([event[1]])))
            elif kind == "error":
                self.send(packet(2, bytes([event[1]])))
            elif kind == "result":
                self.send(packet(4, rpc_frame(event[1], event[2])))
            elif kind == "log":
                self.log(event[1])
            elif kind == "pause":
                time.sleep(event[1])
            elif kind == "drop":
                os.close(self.master)
                sys.exit(0)

    def run(self):
        parent = os.getppid()
        while os.getppid() == parent:
            ready, _, _ = select.select([self.master], [], [], 0.2)
            if time.time() - self.last_log > 0.5:
                self.log("Wi-Fi not configured; waiting for Improv")
                self.last_log = time.time()
            if not ready:
                continue
            self.buffer += os.read(self.master, 1024)
            while True:
                start = self.buffer.find(HEADER)
                if start < 0 or len(self.buffer) < start + 10:
                    break
                self.buffer = self.buffer[start:]
                total = 10 + self.buffer[8]
                if len(self.buffer) < total:
                    break
                frame, self.buffer = self.buffer[:total], self.buffer[total:]
                if sum(frame[:-1]) & 0xFF != frame[-1]:
                    self.send(packet(2, bytes([1])))
                elif frame[7] == 3:
                    self.handle(frame[9:-1])


device = SerialDevice(sys.argv[1] if len(sys.argv) > 1 else "normal",
                      sys.argv[2] if len(sys.argv) > 2 else "http://192.168.1.42/?integration=esphome",
                      sys.argv[3] if len(sys.argv) > 3 else None)
print(f"pty {device.path}", flush=True)
device.run()
