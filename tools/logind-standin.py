"""A logind stand-in on a private D-Bus bus: `org.freedesktop.login1` with the Manager's
PrepareForSleep signal, as systemd-logind emits it before a suspend (true) and after the resume
(false), for tests of what follows the machine's sleep.

  logind-standin.py BUS-ADDRESS

Prints `ready`; then each line `sleep` or `resume` on its standard input emits the signal and
prints `emitted sleep` or `emitted resume`. Runs until its parent process exits.
"""
import asyncio
import os
import sys

from dbus_fast.aio import MessageBus
from dbus_fast.service import ServiceInterface, signal

NAME = "org.freedesktop.login1"


def say(line):
    print(line, flush=True)


class Manager(ServiceInterface):
    def __init__(self):
        super().__init__(NAME + ".Manager")

    @signal()
    def PrepareForSleep(self, starting) -> "b":
        return starting


async def main(address):
    bus = await MessageBus(bus_address=address).connect()
    manager = Manager()
    bus.export("/org/freedesktop/login1", manager)
    await bus.request_name(NAME)
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
                say(f"emitted {word}")

    loop.add_reader(sys.stdin.fileno(), command)
    say("ready")
    parent = os.getppid()
    while os.getppid() == parent:
        await asyncio.sleep(0.2)


asyncio.run(main(sys.argv[1]))
