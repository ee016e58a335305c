"""A BlueZ stand-in on a private D-Bus bus: `org.bluez` with one adapter (hci0) and Improv
devices behind it, each driven by the device logic tools/improv-device.py also uses
(tools/improv_sim/device.py). It exports what BlueZ does: org.bluez.Adapter1 (SetDiscoveryFilter,
StartDiscovery, StopDiscovery), org.bluez.Device1 (Connect, Disconnect; Address, Name, Alias,
RSSI, UUIDs, ServiceData, Connected, ServicesResolved), and once connected the GATT service and
the five Improv characteristics (org.bluez.GattCharacteristic1: ReadValue, WriteValue,
StartNotify, StopNotify; Value, Notifying), with the ObjectManager's InterfacesAdded/Removed and
PropertiesChanged. Devices appear only while discovering, and only those the discovery filter's
UUIDs allow. Commands written to the RPC characteristic are parsed with py-improv-ble-client (the
library Home Assistant uses) and results built with it, so every exchange is a cross-check.

  bluez-standin.py BUS-ADDRESS [DEVICE ...]       prints `ready`, then one line per call it gets

DEVICE is MODE[@REDIRECT-URL]; modes:
  normal    authorized, answers everything (the Wi-Fi password is "correct horse")
  button    authorization required until "the button" is pressed, 1 s after the state is subscribed
  locked    authorization required, and the button is never pressed
  silent    takes every write, answers nothing
  drop      disconnects while provisioning
  other     a BLE device that is not an Improv device (a thermometer)
Runs until its parent process exits.
"""
import asyncio
import os
import sys

from dbus_fast import BusType, Variant  # noqa: F401  (BusType kept for readers comparing with BlueZ)
from dbus_fast.aio import MessageBus
from dbus_fast.errors import DBusError
from dbus_fast.service import PropertyAccess, ServiceInterface, dbus_property, method
from improv_ble_client import protocol as improv

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from improv_sim.device import ImprovDevice  # noqa: E402

SERVICE = improv.SERVICE_UUID
CHARACTERISTICS = {
    "state": improv.CHARACTERISTIC_UUID_STATE,
    "error": improv.CHARACTERISTIC_UUID_ERROR,
    "rpc_command": improv.CHARACTERISTIC_UUID_RPC_COMMAND,
    "rpc_result": improv.CHARACTERISTIC_UUID_RPC_RESULT,
    "capabilities": improv.CHARACTERISTIC_UUID_CAPABILITIES,
}
THERMOMETER = "0000181a-0000-1000-8000-00805f9b34fb"


def say(line):
    print(line, flush=True)


class Adapter(ServiceInterface):
    def __init__(self, standin):
        super().__init__("org.bluez.Adapter1")
        self.standin = standin
        self.filter_uuids = None
        self.discovering = False

    @method()
    def SetDiscoveryFilter(self, options: "a{sv}"):
        uuids = options.get("UUIDs")
        self.filter_uuids = [u.lower() for u in uuids.value] if uuids else None
        transport = options.get("Transport")
        say(f"SetDiscoveryFilter UUIDs={self.filter_uuids} Transport={transport.value if transport else None}")

    @method()
    def StartDiscovery(self):
        if self.discovering:
            raise DBusError("org.bluez.Error.InProgress", "Operation already in progress")
        self.discovering = True
        say("StartDiscovery")
        self.emit_properties_changed({"Discovering": True})
        asyncio.get_running_loop().call_later(0.3, self.standin.discover, self.filter_uuids)

    @method()
    def StopDiscovery(self):
        if not self.discovering:
            raise DBusError("org.bluez.Error.Failed", "No discovery started")
        self.discovering = False
        say("StopDiscovery")
        self.emit_properties_changed({"Discovering": False})

    @dbus_property(access=PropertyAccess.READ)
    def Address(self) -> "s":
        return "00:1A:7D:DA:71:13"

    @dbus_property(access=PropertyAccess.READ)
    def Powered(self) -> "b":
        return True

    @dbus_property(access=PropertyAccess.READ)
    def Discovering(self) -> "b":
        return self.discovering


class Device(ServiceInterface):
    def __init__(self, standin, path, index, mode, redirect):
        super().__init__("org.bluez.Device1")
        self.standin, self.path, self.mode = standin, path, mode
        self.address = f"24:0A:C4:00:00:{index + 1:02X}"
        self.label = "Thermometer" if mode == "other" else f"improv-{mode}-{index + 1}"
        self.improv = ImprovDevice(redirect, "ble", authorized=mode not in ("button", "locked"), drop=mode == "drop")
        self.connected = False
        self.resolved = False
        self.characteristics = {}

    def uuids(self):
        return [THERMOMETER] if self.mode == "other" else [SERVICE]

    def service_data(self):
        if self.mode == "other":
            return {}
        return {improv.SERVICE_DATA_UUID: Variant("ay", bytes([self.improv.state, int(improv.Capabilities.ALL), 0, 0, 0, 0]))}

    @method()
    async def Connect(self):
        say(f"Connect {self.address}")
        await asyncio.sleep(0.2)
        if self.connected:
            return
        self.connected = True
        self.emit_properties_changed({"Connected": True})
        if self.mode != "other":
            self.standin.export_gatt(self)
        self.resolved = True
        self.emit_properties_changed({"ServicesResolved": True})

    @method()
    def Disconnect(self):
        say(f"Disconnect {self.address}")
        self.drop_connection()

    def drop_connection(self):
        if not self.connected:
            return
        self.standin.unexport_gatt(self)
        self.connected = self.resolved = False
        self.emit_properties_changed({"ServicesResolved": False, "Connected": False})

    def events(self, events):
        """Turns the device logic's events into notifications (the logic's pauses are awaited)."""
        async def play():
            for event in events:
                if not self.connected:
                    return
                kind = event[0]
                if kind == "state":
                    self.characteristics["state"].notify(bytes([event[1]]))
                elif kind == "error":
                    self.characteristics["error"].notify(bytes([event[1]]))
                elif kind == "result":
                    result = improv.UnknownCommand(event[1], [text.encode() for text in event[2]])
                    self.characteristics["rpc_result"].notify(result.as_bytes())
                elif kind == "log":
                    say(f"device {self.address}: {event[1]}")
                elif kind == "pause":
                    await asyncio.sleep(event[1])
                elif kind == "drop":
                    say(f"drop {self.address}")
                    self.drop_connection()
        if self.mode != "silent":
            asyncio.get_running_loop().create_task(play())

    def written(self, data):
        try:
            command = improv.UnknownCommand.from_bytes(bytes(data))
        except Exception as error:  # py-improv-ble-client refuses the frame
            say(f"refused {bytes(data).hex()}: {error}")
            self.events([("error", 1)])
            return
        strings = [s.decode(errors="replace") for s in command._strings]
        shown = ["<password>" if command.cmd_id == 1 and i == 1 else s for i, s in enumerate(strings)]
        say(f"command {command.cmd_id:#04x} {shown}")
        self.events(self.improv.handle(command.cmd_id, strings))

    def subscribed(self, name):
        if name == "state" and self.mode == "button":
            async def press():
                await asyncio.sleep(1.0)
                say(f"button pressed on {self.address}")
                self.events(list(self.improv.press_button()))
            asyncio.get_running_loop().create_task(press())

    @dbus_property(access=PropertyAccess.READ)
    def Address(self) -> "s":
        return self.address

    @dbus_property(access=PropertyAccess.READ)
    def Name(self) -> "s":
        return self.label

    @dbus_property(access=PropertyAccess.READ)
    def Alias(self) -> "s":
        return self.label

    @dbus_property(access=PropertyAccess.READ)
    def RSSI(self) -> "n":
        return -52 - 7 * int(self.address[-2:], 16)

    @dbus_property(access=PropertyAccess.READ)
    def UUIDs(self) -> "as":
        return self.uuids()

    @dbus_property(access=PropertyAccess.READ)
    def ServiceData(self) -> "a{sv}":
        return self.service_data()

    @dbus_property(access=PropertyAccess.READ)
    def Adapter(self) -> "o":
        return "/org/bluez/hci0"

    @dbus_property(access=PropertyAccess.READ)
    def Connected(self) -> "b":
        return self.connected

    @dbus_property(access=PropertyAccess.READ)
    def ServicesResolved(self) -> "b":
        return self.resolved


class GattService(ServiceInterface):
    def __init__(self, device_path):
        super().__init__("org.bluez.GattService1")
        self.device_path = device_path

    @dbus_property(access=PropertyAccess.READ)
    def UUID(self) -> "s":
        return SERVICE

    @dbus_property(access=PropertyAccess.READ)
    def Primary(self) -> "b":
        return True

    @dbus_property(access=PropertyAccess.READ)
    def Device(self) -> "o":
        return self.device_path


class Characteristic(ServiceInterface):
    def __init__(self, device, name, service_path):
        super().__init__("org.bluez.GattCharacteristic1")
        self.device, self.role, self.service_path = device, name, service_path
        self.notifying = False
        self.value = b""
        # Not self.name: ServiceInterface keeps the interface's name there.
        if name == "capabilities":
            self.value = bytes([int(improv.Capabilities.ALL)])
        elif name == "state":
            self.value = bytes([device.improv.state])
        elif name == "error":
            self.value = bytes([0])

    def notify(self, data):
        self.value = data
        if self.notifying:
            self.emit_properties_changed({"Value": data})

    @method()
    def ReadValue(self, options: "a{sv}") -> "ay":
        if not self.device.connected:
            raise DBusError("org.bluez.Error.Failed", "Not connected")
        return self.value

    @method()
    def WriteValue(self, value: "ay", options: "a{sv}"):
        if not self.device.connected:
            raise DBusError("org.bluez.Error.Failed", "Not connected")
        if self.role != "rpc_command":
            raise DBusError("org.bluez.Error.NotPermitted", "Write not permitted")
        kind = options.get("type")
        say(f"WriteValue type={kind.value if kind else None}")
        self.device.written(value)

    @method()
    def StartNotify(self):
        if self.role not in ("state", "error", "rpc_result"):
            raise DBusError("org.bluez.Error.NotSupported", "Notify not supported")
        self.notifying = True
        self.emit_properties_changed({"Notifying": True})
        say(f"StartNotify {self.role}")
        self.device.subscribed(self.role)

    @method()
    def StopNotify(self):
        self.notifying = False

    @dbus_property(access=PropertyAccess.READ)
    def UUID(self) -> "s":
        return CHARACTERISTICS[self.role]

    @dbus_property(access=PropertyAccess.READ)
    def Service(self) -> "o":
        return self.service_path

    @dbus_property(access=PropertyAccess.READ)
    def Value(self) -> "ay":
        return self.value

    @dbus_property(access=PropertyAccess.READ)
    def Notifying(self) -> "b":
        return self.notifying

    @dbus_property(access=PropertyAccess.READ)
    def Flags(self) -> "as":
        return {"rpc_command": ["write"], "capabilities": ["read"]}.get(self.role, ["read", "notify"])


class StandIn:
    def __init__(self, bus, specs):
        self.bus = bus
        self.adapter = Adapter(self)
        self.devices = []
        for index, spec in enumerate(specs):
            mode, _, redirect = spec.partition("@")
            path = f"/org/bluez/hci0/dev_24_0A_C4_00_00_{index + 1:02X}"
            self.devices.append(Device(self, path, index, mode, redirect or "http://192.168.1.42/?domain=esphome"))
        self.discovered = set()

    def discover(self, filter_uuids):
        for device in self.devices:
            if device.path in self.discovered or not self.adapter.discovering:
                continue
            if filter_uuids is not None and not set(filter_uuids) & set(device.uuids()):
                continue
            self.discovered.add(device.path)
            self.bus.export(device.path, device)

    def export_gatt(self, device):
        service_path = device.path + "/service000a"
        self.bus.export(service_path, GattService(device.path))
        for offset, name in enumerate(CHARACTERISTICS):
            characteristic = Characteristic(device, name, service_path)
            device.characteristics[name] = characteristic
            self.bus.export(f"{service_path}/char{0x0b + 2 * offset:04x}", characteristic)

    def unexport_gatt(self, device):
        service_path = device.path + "/service000a"
        for offset, name in enumerate(CHARACTERISTICS):
            self.bus.unexport(f"{service_path}/char{0x0b + 2 * offset:04x}")
        self.bus.unexport(service_path)
        device.characteristics = {}


async def main(address, specs):
    bus = await MessageBus(bus_address=address).connect()
    standin = StandIn(bus, specs)
    bus.export("/org/bluez/hci0", standin.adapter)
    await bus.request_name("org.bluez")
    say("ready")
    parent = os.getppid()
    while os.getppid() == parent:
        await asyncio.sleep(0.2)


asyncio.run(main(sys.argv[1], sys.argv[2:] or ["normal"]))
