"""Draws a QR code as a device label's photo would show it, for tests and the demo: the code of
TEXT (made by PyQRCode, in the test server's venv) dark grey on off-white paper, each module
SCALE pixels, a margin of paper around it, with seeded speckle noise, written as an 8-bit grey PNG.

  qr-picture.py TEXT FILE [--scale N]
"""
import random
import struct
import sys
import zlib

import pyqrcode


def png(width, height, rows):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    raw = b"".join(b"\x00" + bytes(row) for row in rows)
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def main(text, path, scale):
    modules = pyqrcode.create(text, error="M").code
    margin = 6 * scale
    size = len(modules) * scale + 2 * margin
    noise = random.Random(text)
    rows = []
    for y in range(size):
        row = []
        for x in range(size):
            mx, my = (x - margin) // scale, (y - margin) // scale
            dark = 0 <= mx < len(modules) and 0 <= my < len(modules) and modules[my][mx] == 1
            base = 40 if dark else 226
            row.append(max(0, min(255, base + noise.randint(-18, 18))))
        rows.append(row)
    with open(path, "wb") as file:
        file.write(png(size, size, rows))


arguments = sys.argv[1:]
scale = int(arguments[arguments.index("--scale") + 1]) if "--scale" in arguments else 6
main(arguments[0], arguments[1], scale)
