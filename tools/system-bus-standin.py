"""Stand-ins for the system services the companion listens to, on a private D-Bus bus:
`org.freedesktop.login1` with the Manager's PrepareForSleep signal, as systemd-logind emits it
before a suspend (true) and after the resume (false), and its LockSessions, Suspend, Reboot and
PowerOff methods, which print `called METHOD [ARGUMENT]` and do nothing else, and `org.freedesktop.NetworkManager` with
its StateChanged signal (NM_STATE_DISCONNECTED 20, NM_STATE_CONNECTED_GLOBAL 70) and the objects
its D-Bus API has for the network in use: the `ActiveConnections` property, each active
connection (`org.freedesktop.NetworkManager.Connection.Active`: `Type`, `Id`, `SpecificObject`)
and a Wi-Fi connection's access point (`org.freedesktop.NetworkManager.AccessPoint`: `Ssid`), a
change announced as NetworkManager does, with `org.freedesktop.DBus.Properties.PropertiesChanged`
on its object and StateChanged. For tests of what follows the machine's sleep, the network's
return, and a move from one Wi-Fi network to another.

  system-bus-standin.py BUS-ADDRESS [--wifi SSID]

Starts on a wired connection, or on the Wi-Fi network SSID. Prints `ready`; then each line on
its standard input emits a signal and prints `emitted LINE`: `sleep` and `resume`
(PrepareForSleep true and false), `offline` and `online` (StateChanged 20 and 70), `wifi SSID`
(now on that Wi-Fi network) and `wired` (now on a wired connection). Runs until its parent
process exits.
"""
import asyncio
import os
import sys

from dbus_fast.aio import MessageBus
from dbus_fast.constants import PropertyAccess
from dbus_fast.service import ServiceInterface, dbus_property, method, signal

LOGIND = "org.freedesktop.login1"
NETWORK_MANAGER = "org.freedesktop.NetworkManager"
NETWORK_STATES = {"offline": 20, "online": 70}


def say(line):
    print(line, flush=True)


class Manager(ServiceInterface):
    def __init__(self):
        super().__init__(LOGIND + ".Manager")

    @signal()
    def PrepareForSleep(self, starting) -> "b":
        return starting

    # What the companion's controls call: recorded, never done.
    @method()
    def LockSessions(self):
        say("called LockSessions")

    @method()
    def Suspend(self, interactive: "b"):
        say(f"called Suspend {str(interactive).lower()}")

    @method()
    def Reboot(self, interactive: "b"):
        say(f"called Reboot {str(interactive).lower()}")

    @method()
    def PowerOff(self, interactive: "b"):
        say(f"called PowerOff {str(interactive).lower()}")


class NetworkManager(ServiceInterface):
    def __init__(self):
        super().__init__(NETWORK_MANAGER)
        self.active = []

    @signal()
    def StateChanged(self, state) -> "u":
        return state

    @dbus_property(access=PropertyAccess.READ)
    def ActiveConnections(self) -> "ao":
        return self.active

    @dbus_property(access=PropertyAccess.READ)
    def State(self) -> "u":
        return NETWORK_STATES["online"]


class ActiveConnection(ServiceInterface):
    def __init__(self, kind, name, specific):
        super().__init__(NETWORK_MANAGER + ".Connection.Active")
        # Not `self.name`: that is the interface's name to dbus_fast.
        self.kind, self.label, self.specific = kind, name, specific

    @dbus_property(access=PropertyAccess.READ)
    def Type(self) -> "s":
        return self.kind

    @dbus_property(access=PropertyAccess.READ)
    def Id(self) -> "s":
        return self.label

    @dbus_property(access=PropertyAccess.READ)
    def SpecificObject(self) -> "o":
        return self.specific


class AccessPoint(ServiceInterface):
    def __init__(self, ssid):
        super().__init__(NETWORK_MANAGER + ".AccessPoint")
        self.ssid = ssid

    @dbus_property(access=PropertyAccess.READ)
    def Ssid(self) -> "ay":
        return self.ssid.encode()


class Networks:
    """The connection in use: each change exports a new active connection (and access point)
    under a new number, as NetworkManager does, and announces it."""

    def __init__(self, bus, manager):
        self.bus, self.manager, self.count = bus, manager, 0

    def use(self, ssid):
        self.count += 1
        path = f"/org/freedesktop/NetworkManager/ActiveConnection/{self.count}"
        if ssid is None:
            self.bus.export(path, ActiveConnection("802-3-ethernet", "Wired connection 1", "/"))
        else:
            point = f"/org/freedesktop/NetworkManager/AccessPoint/{self.count}"
            self.bus.export(point, AccessPoint(ssid))
            self.bus.export(path, ActiveConnection("802-11-wireless", ssid, point))
        self.manager.active = [path]
        self.manager.emit_properties_changed({"ActiveConnections": [path]})
        self.manager.StateChanged(NETWORK_STATES["online"])


async def main(address, wifi):
    bus = await MessageBus(bus_address=address).connect()
    manager = Manager()
    bus.export("/org/freedesktop/login1", manager)
    await bus.request_name(LOGIND)
    # NetworkManager on a connection of its own: a signal's sender is the connection's unique
    # name, and each service's signals must come from the owner of that service's name.
    network_bus = await MessageBus(bus_address=address).connect()
    network = NetworkManager()
    network_bus.export("/org/freedesktop/NetworkManager", network)
    networks = Networks(network_bus, network)
    networks.use(wifi)
    await network_bus.request_name(NETWORK_MANAGER)
    loop = asyncio.get_running_loop()

    pending = b""

    def command():
        nonlocal pending
        pending += os.read(sys.stdin.fileno(), 4096)
        *lines, pending = pending.split(b"\n")
        for line in lines:
            word = line.decode(errors="replace").strip()
            if word in ("sleep", "resume"):
                manager.PrepareForSleep(word == "sleep")
            elif word in NETWORK_STATES:
                network.StateChanged(NETWORK_STATES[word])
            elif word.startswith("wifi ") and word[5:]:
                networks.use(word[5:])
            elif word == "wired":
                networks.use(None)
            else:
                continue
            say(f"emitted {word}")

    loop.add_reader(sys.stdin.fileno(), command)
    say("ready")
    parent = os.getppid()
    while os.getppid() == parent:
        await asyncio.sleep(0.2)


asyncio.run(main(sys.argv[1], sys.argv[3] if sys.argv[2:3] == ["--wifi"] and len(sys.argv) > 3 else None))
