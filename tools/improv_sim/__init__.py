"""The Improv device logic that tools/improv-device.py (serial, on a PTY) and
tools/bluez-standin.py (BLE, on a private D-Bus) both drive."""
