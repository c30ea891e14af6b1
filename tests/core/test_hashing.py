"""canonical() must give, byte for byte, what the standard library's encoder gives: every state
hash and content digest in every recorded log was made with that encoder."""

from __future__ import annotations

import hmac
import json
import math
import random
import struct
from dataclasses import dataclass

import pytest

from referee.engine.hashing import canonical, keyed_digest

REFERENCE = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def reference(obj) -> bytes:
    return REFERENCE.encode(obj).encode()


def test_every_character_encodes_as_the_standard_library_does():
    chars = [chr(c) for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF]
    for i in range(0, len(chars), 4096):
        chunk = chars[i:i + 4096]
        doc = {"list": chunk, "text": "".join(chunk), "keys": {c: 0 for c in chunk[:512]}}
        assert canonical(doc) == reference(doc)


def test_floats_of_every_magnitude_encode_as_the_standard_library_does():
    rnd = random.Random(3)
    values = [0.0, -0.0, 0.1, 1.5, 100.0, 1e15, 1e16, 1e22, 1e-4, 1e-5, 1e-7, 1e-10, 5e-324,
              1.7976931348623157e308, 123456789.125]
    values += [struct.unpack("d", struct.pack("Q", rnd.getrandbits(64)))[0] for _ in range(20000)]
    values = [v for v in values if math.isfinite(v)]
    for i in range(0, len(values), 500):
        chunk = values[i:i + 500]
        assert canonical(chunk) == reference(chunk)
        for v in chunk[:50]:
            assert canonical({"x": [v, "1e-7"]}) == reference({"x": [v, "1e-7"]})


def test_nested_documents_and_what_orjson_refuses_encode_as_the_standard_library_does():
    docs = [{"b": [1, None, True, False], "a": {"d": [{"z": 0, "y": -1}], "c": "é\\\"\n\t"}},
            [2**63 - 1, -2**63, 2**53], {"big": 2**70}, {1: "int key", 3: "another"}, (1, 2, [3]),
            {"ẞ": 1, "z": 2, "😀": 3, "\uffff": 4, "A": 5, "": 6}, "", [], {}]
    for doc in docs:
        assert canonical(doc) == reference(doc)


def test_what_json_has_no_form_for_is_still_refused():
    @dataclass
    class Point:
        x: int

    for bad in [Point(1), {1, 2}, b"bytes", object()]:
        with pytest.raises(TypeError):
            canonical({"v": bad})


def test_the_keyed_digest_is_the_standard_librarys_hmac_whatever_the_seed():
    rnd = random.Random(5)
    for size in (0, 1, 32, 64, 65, 200):  # keys longer than SHA-256's block are hashed first
        seed = rnd.randbytes(size)
        for msg in (b"", b"content:1:{}", rnd.randbytes(3000)):
            assert keyed_digest(seed, msg) == keyed_digest(seed, msg) == hmac.digest(seed, msg, "sha256")
