"""A desktop notification server stand-in on a private D-Bus bus: `org.freedesktop.Notifications`
as the freedesktop notification specification defines it (Notify, CloseNotification,
GetCapabilities, GetServerInformation; the ActionInvoked and NotificationClosed signals) and
KDE's reply field (the `inline-reply` capability; NotificationReplied), for tests of the
desktop-notifications plugin. A person at the desktop is played through standard input:

  invoke ID KEY      presses the button KEY of notification ID (ActionInvoked)
  reply ID TEXT      types TEXT into notification ID's reply field (NotificationReplied)
  close ID           dismisses notification ID (NotificationClosed, reason 2)

  notifications-standin.py BUS-ADDRESS [CAPABILITY ...]   default capabilities: actions body

Prints `ready`, then one JSON line per Notify call: its id and arguments (hints with their
values). Runs until standard input ends or its parent process exits.
"""
import asyncio
import json
import os
import sys

from dbus_fast.aio import MessageBus
from dbus_fast.service import ServiceInterface, method, signal

NAME = "org.freedesktop.Notifications"


def say(line):
    print(line, flush=True)


class Notifications(ServiceInterface):
    def __init__(self, capabilities):
        super().__init__(NAME)
        self.capabilities = capabilities
        self.next_id = 1

    @method()
    def GetCapabilities(self) -> "as":
        return self.capabilities

    @method()
    def GetServerInformation(self) -> "ssss":
        return ["notifications-standin", "HomeCompanion tests", "1.0", "1.2"]

    @method()
    def Notify(self, app_name: "s", replaces_id: "u", app_icon: "s", summary: "s", body: "s",
               actions: "as", hints: "a{sv}", expire_timeout: "i") -> "u":
        if replaces_id:
            notification_id = replaces_id
        else:
            notification_id = self.next_id
            self.next_id += 1
        say(json.dumps({
            "id": notification_id, "app_name": app_name, "replaces_id": replaces_id, "summary": summary, "body": body,
            "actions": actions, "hints": {key: value.value for key, value in hints.items()}, "expire_timeout": expire_timeout,
        }))
        return notification_id

    @method()
    def CloseNotification(self, notification_id: "u"):
        self.NotificationClosed(notification_id, 3)

    @signal()
    def ActionInvoked(self, notification_id, key) -> "us":
        return [notification_id, key]

    @signal()
    def NotificationReplied(self, notification_id, text) -> "us":
        return [notification_id, text]

    @signal()
    def NotificationClosed(self, notification_id, reason) -> "uu":
        return [notification_id, reason]


async def person(server):
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    while line := await reader.readline():
        words = line.decode().rstrip("\n").split(" ", 2)
        if len(words) == 3 and words[0] == "invoke":
            server.ActionInvoked(int(words[1]), words[2])
        elif len(words) == 3 and words[0] == "reply":
            server.NotificationReplied(int(words[1]), words[2])
        elif len(words) == 2 and words[0] == "close":
            server.NotificationClosed(int(words[1]), 2)
        else:
            say(json.dumps({"error": "unknown command", "line": line.decode()}))


async def orphaned():
    parent = os.getppid()
    while os.getppid() == parent:
        await asyncio.sleep(0.2)


async def main(address, capabilities):
    bus = await MessageBus(bus_address=address).connect()
    server = Notifications(capabilities)
    bus.export("/org/freedesktop/Notifications", server)
    await bus.request_name(NAME)
    say("ready")
    done, _ = await asyncio.wait([asyncio.ensure_future(person(server)), asyncio.ensure_future(orphaned())],
                                 return_when=asyncio.FIRST_COMPLETED)


asyncio.run(main(sys.argv[1], sys.argv[2:] or ["actions", "body"]))
