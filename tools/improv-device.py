"""An Improv Wi-Fi device on a pseudo-terminal, behaving like ESPHome's serial Improv: it prints
its own log lines between packets, answers the state request, device information, the network
scan, and Wi-Fi credentials (provisioning, then provisioned with a redirect URL, or "unable to
connect" for a wrong password). Modes make it misbehave:

  normal         as above (the password is "correct horse")
  slow           every answer 1.5 s late
  silent         reads everything, answers nothing
  bad-checksum   every packet it sends has a wrong checksum (then, a moment later, a good one)
  drop           closes its end of the port while provisioning (the device resets)

  improv-device.py [MODE [REDIRECT-URL]]     prints `pty PATH`; exits with the process that started it
"""
import os
import select
import sys
import time

HEADER = b"IMPROV"
PASSWORD = "correct horse"
NETWORKS = [("HomeNet", -48, True), ("Guest", -71, False), ("Neighbour 5G", -83, True)]


def packet(kind, payload, good=True):
    body = HEADER + bytes([1, kind, len(payload)]) + payload
    return body + bytes([(sum(body) + (0 if good else 1)) & 0xFF])


def strings(*texts):
    out = b""
    for text in texts:
        data = text.encode()
        out += bytes([len(data)]) + data
    return out


def result(command, *texts):
    data = strings(*texts)
    return packet(4, bytes([command, len(data)]) + data)


class Device:
    def __init__(self, mode, redirect):
        self.mode = mode
        self.redirect = redirect
        self.master, slave = os.openpty()
        self.path = os.ttyname(slave)
        self.buffer = b""
        self.last_log = 0.0
        self.state = 2

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
        data = payload[2 : 2 + length]
        if command == 0x02:
            self.send(packet(1, bytes([self.state])))
        elif command == 0x03:
            self.send(result(0x03, "ESPHome", "2024.3.0", "ESP32", "living-room-sensor"))
        elif command == 0x04:
            for ssid, rssi, secured in NETWORKS:
                self.send(result(0x04, ssid, str(rssi), "YES" if secured else "NO"))
            self.send(packet(4, bytes([0x04, 0])))
        elif command == 0x01:
            ssid = data[1 : 1 + data[0]].decode()
            rest = data[1 + data[0] :]
            password = rest[1 : 1 + rest[0]].decode()
            self.log(f"Received Improv Wi-Fi settings for {ssid}")
            self.send(packet(1, bytes([3])))
            if self.mode == "drop":
                time.sleep(0.2)
                os.close(self.master)
                sys.exit(0)
            time.sleep(0.3)
            if password == PASSWORD and any(ssid == network[0] for network in NETWORKS):
                self.state = 4
                self.send(packet(1, bytes([4])))
                self.send(result(0x01, self.redirect))
            else:
                self.log("Connecting to WiFi network failed")
                self.send(packet(2, bytes([3])))
                self.send(packet(1, bytes([2])))
        else:
            self.send(packet(2, bytes([2])))

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


device = Device(sys.argv[1] if len(sys.argv) > 1 else "normal",
                sys.argv[2] if len(sys.argv) > 2 else "http://192.168.1.42/?integration=esphome")
print(f"pty {device.path}", flush=True)
device.run()
