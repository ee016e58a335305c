"""Avahi's D-Bus API stand-in on a private bus (the system bus the companion browses), announcing
Home Assistant servers as `_home-assistant._tcp` services, for tests and the demo of discovery.
Each TXT record is built by Home Assistant 2024.3.3's own zeroconf code: its parameters as
`homeassistant.components.zeroconf._async_register_hass_zc_service` sets them (that function
needs a running hass, so its few lines that fill the dictionary are repeated here, with its own
helpers for the name and the length limits), encoded by python-zeroconf's `ServiceInfo`, as the
server's announcement is.

  avahi-standin.py BUS-ADDRESS [--no-prepare | --no-resolve] SERVER-JSON ...

SERVER-JSON: {"address": "127.0.0.1", "port": 8123, "location_name": "Home", "uuid": "…",
"internal_url": "", "external_url": "", "version": "2024.3.3"} (version defaults to the venv's).
--no-prepare leaves out ServiceBrowserPrepare, as Avahi before 0.8 does (its introspection data
too); --no-resolve leaves out ResolveService as well, for a service too odd to use.

Serves org.freedesktop.Avahi.Server at / (GetVersionString, GetAPIVersion, ServiceBrowserPrepare,
ServiceBrowserNew, ResolveService) and a ServiceBrowser per browse (Start, Free; ItemNew for each
server, then AllForNow). Prints `ready`, then `browsing PATH` and `resolved NAME`. Runs until its
parent process exits.
"""
import asyncio
import json
import os
import sys

from dbus_fast import DBusError
from dbus_fast.aio import MessageBus
from dbus_fast.service import ServiceInterface, method, signal
from homeassistant.components import zeroconf as ha_zeroconf
from homeassistant.const import __version__
from zeroconf import ServiceInfo

SERVICE_TYPE = "_home-assistant._tcp"


def say(line):
    print(line, flush=True)


def announcement(server):
    """The service name and the TXT entries of one server, as Home Assistant announces them."""
    name = ha_zeroconf._truncate_location_name_to_valid(
        ha_zeroconf._filter_disallowed_characters(server.get("location_name") or "Home"))
    params = {
        "location_name": name,
        "uuid": server["uuid"],
        "version": server.get("version", __version__),
        "external_url": server.get("external_url", ""),
        "internal_url": server.get("internal_url", ""),
        "base_url": "",
        "requires_api_password": True,
    }
    params["base_url"] = params["external_url"] or params["internal_url"]
    ha_zeroconf._suppress_invalid_properties(params)
    info = ServiceInfo(ha_zeroconf.ZEROCONF_TYPE, name=f"{name}.{ha_zeroconf.ZEROCONF_TYPE}", server=f"{server['uuid']}.local.",
                       parsed_addresses=[server["address"]], port=server["port"], properties=params)
    entries, text, index = [], info.text, 0
    while index < len(text):
        length = text[index]
        entries.append(bytes(text[index + 1:index + 1 + length]))
        index += 1 + length
    return name, entries


class Browser(ServiceInterface):
    def __init__(self, bus, path, servers):
        super().__init__("org.freedesktop.Avahi.ServiceBrowser")
        self.bus, self.path, self.servers = bus, path, servers

    @method()
    async def Start(self):
        asyncio.get_running_loop().call_later(0.05, self.announce)

    def announce(self):
        for server in self.servers:
            self.ItemNew(2, 0, server["name"], SERVICE_TYPE, "local", 4)
        self.AllForNow()

    @method()
    def Free(self):
        self.bus.unexport(self.path)

    @signal()
    def ItemNew(self, interface, protocol, name, type_, domain, flags) -> "iisssu":
        return [interface, protocol, name, type_, domain, flags]

    @signal()
    def AllForNow(self):
        pass


class Server(ServiceInterface):
    """What every Avahi has: the version, and ServiceBrowserNew."""

    def __init__(self, bus, servers):
        super().__init__("org.freedesktop.Avahi.Server")
        self.bus, self.servers, self.count = bus, servers, 0

    @method()
    def GetVersionString(self) -> "s":
        return "avahi 0.8 (stand-in)"

    @method()
    def GetAPIVersion(self) -> "u":
        return 516

    def new_browser(self, type_):
        self.count += 1
        path = f"/Client1/ServiceBrowser{self.count}"
        shown = self.servers if type_ == SERVICE_TYPE else []
        browser = Browser(self.bus, path, shown)
        self.bus.export(path, browser)
        say(f"browsing {path}")
        return browser, path

    @method()
    def ServiceBrowserNew(self, interface: "i", protocol: "i", type_: "s", domain: "s", flags: "u") -> "o":
        browser, path = self.new_browser(type_)
        asyncio.get_running_loop().call_later(0.1, browser.announce)
        return path


class ResolvingServer(Server):
    """Avahi before 0.8: no ServiceBrowserPrepare."""

    @method()
    def ResolveService(self, interface: "i", protocol: "i", name: "s", type_: "s", domain: "s", aprotocol: "i", flags: "u") -> "iissssisqaayu":
        for server in self.servers:
            if server["name"] == name:
                say(f"resolved {name}")
                return [interface, protocol, name, type_, domain, server["host"], 0, server["address"], server["port"], server["txt"], 0]
        raise DBusError("org.freedesktop.Avahi.TimeoutError", "Timeout reached")


class PreparingServer(ResolvingServer):
    """Avahi 0.8."""

    @method()
    def ServiceBrowserPrepare(self, interface: "i", protocol: "i", type_: "s", domain: "s", flags: "u") -> "o":
        return self.new_browser(type_)[1]


async def orphaned():
    parent = os.getppid()
    while os.getppid() == parent:
        await asyncio.sleep(0.2)


async def main(address, arguments):
    kind = ResolvingServer if "--no-prepare" in arguments else Server if "--no-resolve" in arguments else PreparingServer
    servers = []
    for text in (argument for argument in arguments if not argument.startswith("--")):
        server = json.loads(text)
        server["name"], server["txt"] = announcement(server)
        server["host"] = f"{server['uuid']}.local"
        servers.append(server)
    bus = await MessageBus(bus_address=address).connect()
    bus.export("/", kind(bus, servers))
    await bus.request_name("org.freedesktop.Avahi")
    say("ready")
    await orphaned()


asyncio.run(main(sys.argv[1], sys.argv[2:]))
