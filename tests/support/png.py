"""Reading back the PNGs the page images are: size and how many pixels the highlight coloured."""

from __future__ import annotations

import struct
import zlib

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_pixels(png: bytes) -> tuple[int, int, bytes]:
    """Width, height and raw RGB rows of an 8-bit RGB PNG written with filter 0 on every row."""
    assert png[:8] == PNG_SIGNATURE
    width, height = struct.unpack(">II", png[16:24])
    position, data = 8, b""
    while position < len(png):
        (length,) = struct.unpack(">I", png[position : position + 4])
        if png[position + 4 : position + 8] == b"IDAT":
            data += png[position + 8 : position + 8 + length]
        position += 12 + length
    return width, height, zlib.decompress(data)


def highlighted_pixels(png: bytes) -> int:
    """How many pixels are highlighter yellow (no page of black text on white has any)."""
    width, height, raw = png_pixels(png)
    stride = width * 3 + 1
    count = 0
    for row in range(height):
        line = raw[row * stride + 1 : (row + 1) * stride]
        red, green, blue = line[0::3], line[1::3], line[2::3]
        count += sum(
            1 for r, g, b in zip(red, green, blue, strict=True) if r > 200 and g > 150 and b < 120
        )
    return count
