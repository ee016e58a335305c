"""What an ESPHome-like Improv device does with each RPC command, independent of the transport.

`ImprovDevice.handle(command, strings)` yields events the transport turns into bytes:
  ("state", n)                    the current state changed (1 authorization required, 2 authorized,
                                  3 provisioning, 4 provisioned)
  ("error", n)                    the error state (1 invalid RPC, 2 unknown RPC, 3 unable to
                                  connect, 4 not authorized)
  ("result", command, [strings])  an RPC result
  ("log", text)                   a line the device prints (serial only)
  ("pause", seconds)              the device is busy
  ("drop",)                       the device resets mid-provisioning (drop mode)
"""

PASSWORD = "correct horse"
NETWORKS = [("HomeNet", -48, True), ("Guest", -71, False), ("Neighbour 5G", -83, True)]
INFO = ["ESPHome", "2024.3.0", "ESP32", "living-room-sensor"]


class ImprovDevice:
    def __init__(self, redirect, transport, authorized=True, drop=False, firmware=None):
        self.redirect = redirect
        self.info = [firmware or INFO[0]] + INFO[1:]
        self.transport = transport  # "serial" or "ble": command 0x02 is "request state" or "identify"
        self.state = 2 if authorized else 1
        self.drop = drop
        self.identified = 0

    def press_button(self):
        """The user authorizes the device (BLE)."""
        if self.state == 1:
            self.state = 2
            yield ("state", 2)

    def handle(self, command, strings):
        if command == 0x02 and self.transport == "serial":
            yield ("state", self.state)
        elif command == 0x02:
            self.identified += 1
            yield ("log", "identify: blinking")
        elif command == 0x03:
            yield ("result", 0x03, self.info)
        elif command == 0x04:
            for ssid, rssi, secured in NETWORKS:
                yield ("result", 0x04, [ssid, str(rssi), "YES" if secured else "NO"])
            yield ("result", 0x04, [])
        elif command == 0x01 and len(strings) == 2:
            if self.state == 1:
                yield ("error", 4)
                return
            ssid, password = strings
            yield ("log", f"Received Improv Wi-Fi settings for {ssid}")
            self.state = 3
            yield ("state", 3)
            if self.drop:
                yield ("pause", 0.2)
                yield ("drop",)
                return
            yield ("pause", 0.3)
            if password == PASSWORD and any(ssid == network[0] for network in NETWORKS):
                self.state = 4
                yield ("state", 4)
                yield ("result", 0x01, [self.redirect])
            else:
                yield ("log", "Connecting to WiFi network failed")
                self.state = 2
                yield ("error", 3)
                yield ("state", 2)
        elif command == 0x01:
            yield ("error", 1)
        else:
            yield ("error", 2)


def strings_in(data):
    """The length-prefixed strings of an RPC command's data, or None when they do not add up."""
    strings, offset = [], 0
    while offset < len(data):
        size = data[offset]
        if offset + 1 + size > len(data):
            return None
        try:
            strings.append(data[offset + 1 : offset + 1 + size].decode())
        except UnicodeDecodeError:
            return None
        offset += 1 + size
    return strings


def rpc_frame(command, strings):
    """`[command][length][len, string]…` (without a checksum)."""
    data = b"".join(bytes([len(text.encode())]) + text.encode() for text in strings)
    return bytes([command, len(data)]) + data
