"""Stand-ins for the system services the window listens to, on a private D-Bus bus:
`org.freedesktop.login1` with the Manager's PrepareForSleep signal, as systemd-logind emits it
before a suspend (true) and after the resume (false), and `org.freedesktop.NetworkManager` with
its StateChanged signal (NM_STATE_DISCONNECTED 20, NM_STATE_CONNECTED_GLOBAL 70), for tests of
what follows the machine's sleep and the network's return.

  system-bus-standin.py BUS-ADDRESS

Prints `ready`; then each line on its standard input emits a signal and prints `emitted LINE`:
`sleep` and `resume` (PrepareForSleep true and false), `offline` and `online` (StateChanged 20
and 70). Runs until its parent process exits.
"""
import asyncio
import os
import sys

from dbus_fast.aio import MessageBus
from dbus_fast.service import ServiceInterface, signal

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


class NetworkManager(ServiceInterface):
    def __init__(self):
        super().__init__(NETWORK_MANAGER)

    @signal()
    def StateChanged(self, state) -> "u":
        return state


async def main(address):
    bus = await MessageBus(bus_address=address).connect()
    manager = Manager()
    bus.export("/org/freedesktop/login1", manager)
    await bus.request_name(LOGIND)
    # NetworkManager on a connection of its own: a signal's sender is the connection's unique
    # name, and each service's signals must come from the owner of that service's name.
    network_bus = await MessageBus(bus_address=address).connect()
    network = NetworkManager()
    network_bus.export("/org/freedesktop/NetworkManager", network)
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
            else:
                continue
            say(f"emitted {word}")

    loop.add_reader(sys.stdin.fileno(), command)
    say("ready")
    parent = os.getppid()
    while os.getppid() == parent:
        await asyncio.sleep(0.2)


asyncio.run(main(sys.argv[1]))
