"""A desktop's StatusNotifierWatcher stand-in on a private D-Bus bus: `org.kde.StatusNotifierWatcher`
as KDE's specification defines it (RegisterStatusNotifierItem, RegisterStatusNotifierHost, the
RegisteredStatusNotifierItems, IsStatusNotifierHostRegistered and ProtocolVersion properties, the
StatusNotifierItemRegistered signal), with a host that reads the registered item the way a panel
does, for tests and the demo of `home tray`. Commands on standard input:

  dump              prints the item's menu (com.canonical.dbusmenu GetLayout), one entry a line,
                    indented by depth: `ID LABEL [x]/[ ] (disabled)`, separators as `ID ----`;
                    then `end`
  click ID          sends the menu entry ID a `clicked` Event; prints `clicked ID`
  props             prints the item's IconName, Status and ToolTip as one JSON line
  activate          calls the item's Activate (a click on the icon); prints `activated`
  restart           gives the watcher's name up and takes it again, as a restarting panel does;
                    prints `restarted`

  tray-watcher-standin.py BUS-ADDRESS

Prints `ready`, then `registered SERVICE` for each item registered. Runs until standard input
ends or its parent process exits.
"""
import asyncio
import json
import os
import sys

from dbus_fast import Message, MessageType, Variant
from dbus_fast.aio import MessageBus
from dbus_fast.service import PropertyAccess, ServiceInterface, dbus_property, method, signal

NAME = "org.kde.StatusNotifierWatcher"
PATH = "/StatusNotifierWatcher"


def say(line):
    print(line, flush=True)


class Watcher(ServiceInterface):
    def __init__(self):
        super().__init__(NAME)
        self.items = []

    @method()
    def RegisterStatusNotifierItem(self, service: "s"):
        self.items.append(service)
        say(f"registered {service}")
        self.StatusNotifierItemRegistered(service)

    @method()
    def RegisterStatusNotifierHost(self, service: "s"):
        pass

    @dbus_property(access=PropertyAccess.READ)
    def RegisteredStatusNotifierItems(self) -> "as":
        return self.items

    @dbus_property(access=PropertyAccess.READ)
    def IsStatusNotifierHostRegistered(self) -> "b":
        return True

    @dbus_property(access=PropertyAccess.READ)
    def ProtocolVersion(self) -> "i":
        return 0

    @signal()
    def StatusNotifierItemRegistered(self, service) -> "s":
        return service


async def call(bus, watcher, path, interface, member, signature="", body=()):
    if not watcher.items:
        raise RuntimeError("no item registered")
    reply = await bus.call(Message(destination=watcher.items[-1], path=path, interface=interface, member=member,
                                   signature=signature, body=list(body)))
    if reply.message_type == MessageType.ERROR:
        raise RuntimeError(f"{reply.error_name}: {reply.body}")
    return reply.body


def print_entry(entry, depth):
    entry_id, properties, children = entry
    values = {key: value.value for key, value in properties.items()}
    if values.get("type") == "separator":
        say("  " * depth + f"{entry_id} ----")
    elif depth >= 0:
        check = ""
        if values.get("toggle-type") == "checkmark":
            check = " [x]" if values.get("toggle-state") == 1 else " [ ]"
        disabled = "" if values.get("enabled", True) else " (disabled)"
        say("  " * depth + f"{entry_id} {values.get('label', '').replace('__', '_')}{check}{disabled}")
    for child in children:
        print_entry(child.value, depth + 1)


async def host(bus, watcher):
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    while line := await reader.readline():
        words = line.decode().split()
        try:
            if words == ["dump"]:
                _, layout = await call(bus, watcher, "/MenuBar", "com.canonical.dbusmenu", "GetLayout", "iias", [0, -1, []])
                print_entry(layout, -1)
                say("end")
            elif len(words) == 2 and words[0] == "click":
                await call(bus, watcher, "/MenuBar", "com.canonical.dbusmenu", "Event", "isvu",
                           [int(words[1]), "clicked", Variant("i", 0), 0])
                say(f"clicked {words[1]}")
            elif words == ["props"]:
                (values,) = await call(bus, watcher, "/StatusNotifierItem", "org.freedesktop.DBus.Properties", "GetAll", "s",
                                       ["org.kde.StatusNotifierItem"])
                tooltip = values["ToolTip"].value
                say(json.dumps({"IconName": values["IconName"].value, "Status": values["Status"].value,
                                "ToolTipTitle": tooltip[2], "ToolTip": tooltip[3], "Menu": values["Menu"].value}))
            elif words == ["activate"]:
                await call(bus, watcher, "/StatusNotifierItem", "org.kde.StatusNotifierItem", "Activate", "ii", [0, 0])
                say("activated")
            elif words == ["restart"]:
                watcher.items.clear()
                await bus.release_name(NAME)
                await asyncio.sleep(0.2)
                await bus.request_name(NAME)
                say("restarted")
            else:
                say(json.dumps({"error": "unknown command", "line": line.decode()}))
        except Exception as error:  # the test reads the reason
            say(json.dumps({"error": str(error)}))


async def orphaned():
    parent = os.getppid()
    while os.getppid() == parent:
        await asyncio.sleep(0.2)


async def main(address):
    bus = await MessageBus(bus_address=address).connect()
    watcher = Watcher()
    bus.export(PATH, watcher)
    await bus.request_name(NAME)
    say("ready")
    await asyncio.wait([asyncio.ensure_future(host(bus, watcher)), asyncio.ensure_future(orphaned())],
                       return_when=asyncio.FIRST_COMPLETED)


asyncio.run(main(sys.argv[1]))
