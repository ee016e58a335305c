"""A media player on a private D-Bus bus, as MPRIS players (any music player on a Linux desktop)
show themselves on the session bus: the name `org.mpris.MediaPlayer2.standin` with the object
`/org/mpris/MediaPlayer2` and its `org.mpris.MediaPlayer2.Player` interface. PlayPause, Next and
Previous print `called METHOD`; the `Metadata` property has the track's `xesam:title` and
`xesam:artist` (a list, as MPRIS has it); `Volume` (0 to 1) can be read and set, and a set prints
`volume VALUE`. For the tests of the companion's media controls.

  mpris-standin.py BUS-ADDRESS TITLE ARTIST

Prints `ready`; runs until its parent process exits.
"""
import asyncio
import os
import sys

from dbus_fast import Variant
from dbus_fast.aio import MessageBus
from dbus_fast.constants import PropertyAccess
from dbus_fast.service import ServiceInterface, dbus_property, method


def say(line):
    print(line, flush=True)


class Player(ServiceInterface):
    def __init__(self, title, artist):
        super().__init__("org.mpris.MediaPlayer2.Player")
        self.title, self.artist, self.volume = title, artist, 0.5

    @method()
    def PlayPause(self):
        say("called PlayPause")

    @method()
    def Next(self):
        say("called Next")

    @method()
    def Previous(self):
        say("called Previous")

    @dbus_property(access=PropertyAccess.READ)
    def Metadata(self) -> "a{sv}":
        return {"xesam:title": Variant("s", self.title), "xesam:artist": Variant("as", [self.artist])}

    @dbus_property()
    def Volume(self) -> "d":
        return self.volume

    @Volume.setter
    def Volume(self, value: "d"):
        self.volume = value
        say(f"volume {value:.2f}")


async def main(address, title, artist):
    bus = await MessageBus(bus_address=address).connect()
    bus.export("/org/mpris/MediaPlayer2", Player(title, artist))
    await bus.request_name("org.mpris.MediaPlayer2.standin")
    say("ready")
    parent = os.getppid()
    while os.getppid() == parent:
        await asyncio.sleep(0.2)


asyncio.run(main(*sys.argv[1:4]))
