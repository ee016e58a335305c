"""A GeoClue stand-in on a private D-Bus bus: `org.freedesktop.GeoClue2` as GeoClue 2 exports it,
for tests of the location plugin. The Manager's GetClient gives a client
(org.freedesktop.GeoClue2.Client: DesktopId and RequestedAccuracyLevel to set, Start, Stop,
Location, Active) whose Start emits LocationUpdated with a Location object
(org.freedesktop.GeoClue2.Location: Latitude, Longitude, Accuracy, Altitude, Speed, Heading,
Description) at the place given.

  geoclue-standin.py BUS-ADDRESS LATITUDE LONGITUDE ACCURACY [MODE]

MODE `silent` starts but never gives a location; `refuse` fails Start as GeoClue does for a
desktop id its configuration does not allow. Prints `ready`, then one line per call it gets.
Runs until its parent process exits.
"""
import asyncio
import os
import sys

from dbus_fast import Variant
from dbus_fast.aio import MessageBus
from dbus_fast.errors import DBusError
from dbus_fast.service import PropertyAccess, ServiceInterface, dbus_property, method, signal

NAME = "org.freedesktop.GeoClue2"


def say(line):
    print(line, flush=True)


class Location(ServiceInterface):
    def __init__(self, latitude, longitude, accuracy):
        super().__init__(NAME + ".Location")
        self.latitude, self.longitude, self.accuracy = latitude, longitude, accuracy

    @dbus_property(access=PropertyAccess.READ)
    def Latitude(self) -> "d":
        return self.latitude

    @dbus_property(access=PropertyAccess.READ)
    def Longitude(self) -> "d":
        return self.longitude

    @dbus_property(access=PropertyAccess.READ)
    def Accuracy(self) -> "d":
        return self.accuracy

    @dbus_property(access=PropertyAccess.READ)
    def Altitude(self) -> "d":
        return -1.7976931348623157e308

    @dbus_property(access=PropertyAccess.READ)
    def Speed(self) -> "d":
        return -1.0

    @dbus_property(access=PropertyAccess.READ)
    def Heading(self) -> "d":
        return -1.0

    @dbus_property(access=PropertyAccess.READ)
    def Description(self) -> "s":
        return "stand-in"


class Client(ServiceInterface):
    def __init__(self, standin, path):
        super().__init__(NAME + ".Client")
        self.standin, self.path = standin, path
        self.desktop_id, self.level, self.active, self.location = "", 0, False, "/"

    @dbus_property()
    def DesktopId(self) -> "s":
        return self.desktop_id

    @DesktopId.setter
    def DesktopId(self, value: "s"):
        say(f"DesktopId {value}")
        self.desktop_id = value

    @dbus_property()
    def RequestedAccuracyLevel(self) -> "u":
        return self.level

    @RequestedAccuracyLevel.setter
    def RequestedAccuracyLevel(self, value: "u"):
        say(f"RequestedAccuracyLevel {value}")
        self.level = value

    @dbus_property(access=PropertyAccess.READ)
    def Location(self) -> "o":
        return self.location

    @dbus_property(access=PropertyAccess.READ)
    def Active(self) -> "b":
        return self.active

    @method()
    def Start(self):
        say("Start")
        if self.standin.mode == "refuse":
            raise DBusError("org.freedesktop.DBus.Error.AccessDenied", f"'{self.desktop_id}' disallowed, no agent for UID 0")
        if not self.desktop_id:
            raise DBusError("org.freedesktop.DBus.Error.AccessDenied", "DesktopId not set")
        self.active = True
        if self.standin.mode != "silent":
            asyncio.get_running_loop().call_later(0.2, self.standin.give_location, self)

    @method()
    def Stop(self):
        say("Stop")
        self.active = False

    @signal()
    def LocationUpdated(self, old, new) -> "oo":
        return [old, new]


class Manager(ServiceInterface):
    def __init__(self, standin):
        super().__init__(NAME + ".Manager")
        self.standin = standin

    @method()
    def GetClient(self) -> "o":
        say("GetClient")
        return self.standin.new_client()


class StandIn:
    def __init__(self, bus, latitude, longitude, accuracy, mode):
        self.bus, self.mode = bus, mode
        self.place = (latitude, longitude, accuracy)
        self.clients = 0
        self.locations = 0

    def new_client(self):
        self.clients += 1
        path = f"/org/freedesktop/GeoClue2/Client/{self.clients}"
        self.bus.export(path, Client(self, path))
        return path

    def give_location(self, client):
        if not client.active:
            return
        self.locations += 1
        path = f"/org/freedesktop/GeoClue2/Location/{self.locations}"
        self.bus.export(path, Location(*self.place))
        old, client.location = client.location, path
        client.LocationUpdated(old, path)
        say(f"LocationUpdated {path}")


async def main(address, latitude, longitude, accuracy, mode):
    bus = await MessageBus(bus_address=address).connect()
    standin = StandIn(bus, latitude, longitude, accuracy, mode)
    bus.export("/org/freedesktop/GeoClue2/Manager", Manager(standin))
    await bus.request_name(NAME)
    say("ready")
    parent = os.getppid()
    while os.getppid() == parent:
        await asyncio.sleep(0.2)


asyncio.run(main(sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4]), sys.argv[5] if len(sys.argv) > 5 else "normal"))
