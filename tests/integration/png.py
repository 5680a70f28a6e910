"""Just enough of PNG to look at a screenshot: its size and its pixels (8-bit RGB or RGBA).

The tests look at Chromium's screenshots without an imaging library: a PNG is zlib-packed
rows, each behind one of five filter bytes (RFC 2083 / the PNG specification, 9.2).
"""

from __future__ import annotations

import struct
import zlib
from collections import Counter
from dataclasses import dataclass

SIGNATURE = b"\x89PNG\r\n\x1a\n"


@dataclass(frozen=True)
class Picture:
    width: int
    height: int
    pixels: list[tuple[int, int, int]]

    def colours(self) -> Counter[tuple[int, int, int]]:
        return Counter(self.pixels)

    def share_near(self, colour: tuple[int, int, int], tolerance: int = 4) -> float:
        """The fraction of pixels within ``tolerance`` of ``colour`` on every channel."""
        near = sum(
            1
            for pixel in self.pixels
            if all(abs(a - b) <= tolerance for a, b in zip(pixel, colour, strict=True))
        )
        return near / len(self.pixels)


def _paeth(a: int, b: int, c: int) -> int:
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def read_png(data: bytes) -> Picture:
    assert data.startswith(SIGNATURE), "not a PNG file"
    position, packed = len(SIGNATURE), b""
    width = height = channels = 0
    while position < len(data):
        (length,) = struct.unpack(">I", data[position : position + 4])
        kind = data[position + 4 : position + 8]
        body = data[position + 8 : position + 8 + length]
        position += 12 + length
        if kind == b"IHDR":
            width, height, depth, colour_type, _c, _f, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and colour_type in (2, 6) and interlace == 0, "an unusual PNG"
            channels = 3 if colour_type == 2 else 4
        elif kind == b"IDAT":
            packed += body
    raw = zlib.decompress(packed)
    stride = width * channels
    previous = bytearray(stride)
    pixels: list[tuple[int, int, int]] = []
    for row in range(height):
        start = row * (stride + 1)
        method, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if method == 1:
                line[i] = (line[i] + left) & 0xFF
            elif method == 2:
                line[i] = (line[i] + up) & 0xFF
            elif method == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif method == 4:
                line[i] = (line[i] + _paeth(left, up, corner)) & 0xFF
        pixels.extend((line[i], line[i + 1], line[i + 2]) for i in range(0, stride, channels))
        previous = line
    return Picture(width, height, pixels)
