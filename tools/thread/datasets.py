"""Writes varied operational datasets built by Home Assistant's own Thread code (python-otbr-api's
TLV encoder, as the `otbr` and `thread` integrations use it), one hex dataset per line, for
Tests/ThreadTests/Fixtures/datasets.txt: every dataset TLV in random orders and subsets, 3- and
4-byte security policies, several channel mask entries, pending datasets with a delay timer,
vendor and commissioning TLVs, and types Home Assistant does not know.

  tools/ha-server python tools/thread/datasets.py > Tests/ThreadTests/Fixtures/datasets.txt
"""
import random
import struct

from python_otbr_api.pskc import compute_pskc
from python_otbr_api.tlv_parser import MeshcopTLVItem, MeshcopTLVType as T, encode_tlv

rng = random.Random(16)


def timestamp(seconds, ticks, authoritative):
    return struct.pack("!Q", seconds << 16 | ticks << 1 | authoritative)


def dataset(index):
    xpanid = rng.randbytes(8)
    name = rng.choice(["OpenThread-1a2b", "Home", "MyHome24", "Ünïcødé-net", "x" * 16, "n"])
    items = {
        T.ACTIVETIMESTAMP: timestamp(rng.randrange(1 << 48), rng.randrange(1 << 15), rng.randrange(2)),
        T.CHANNEL: bytes([0]) + struct.pack("!H", rng.randrange(11, 27)),
        T.CHANNELMASK: bytes([0, 4]) + rng.randbytes(4) + (bytes([2, 2]) + rng.randbytes(2) if index % 5 == 0 else b""),
        T.EXTPANID: xpanid,
        T.MESHLOCALPREFIX: bytes([0xFD]) + rng.randbytes(5) + bytes(2),
        T.NETWORKKEY: rng.randbytes(16),
        T.NETWORKNAME: name.encode(),
        T.PANID: struct.pack("!H", rng.randrange(0xFFFF)),
        T.PSKC: bytes(compute_pskc(xpanid, name, "passphrase-%d" % index)) if index < 5 else rng.randbytes(16),
        T.SECURITYPOLICY: struct.pack("!H", rng.randrange(1, 1 << 16)) + rng.randbytes(rng.choice([1, 2])),
    }
    if index % 3 == 0:
        items[T.PENDINGTIMESTAMP] = timestamp(rng.randrange(1 << 48), 0, 0)
        items[T.DELAYTIMER] = struct.pack("!I", rng.randrange(1 << 32))
    if index % 4 == 0:
        items[T.VENDOR_NAME_TLV] = b"HomeCompanion"
        items[T.VENDOR_DATA_TLV] = rng.randbytes(rng.randrange(0, 24))
    if index % 7 == 0:
        items[T.APPLE_TAG_UNKNOWN] = rng.randbytes(3)
    keys = list(items)
    rng.shuffle(keys)
    if index % 2 == 1:
        keys = keys[: rng.randrange(1, len(keys) + 1)]
    encoded = encode_tlv({key: MeshcopTLVItem(key, items[key]) for key in keys})
    if index % 11 == 0:
        # Types Home Assistant's enum does not have, written with its encoder all the same.
        encoded += encode_tlv({0xF0: MeshcopTLVItem(0xF0, rng.randbytes(5)), 0x5A: MeshcopTLVItem(0x5A, b"")})
    return encoded


for index in range(200):
    print(dataset(index))
