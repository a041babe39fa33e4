"""The web page's icons, drawn at build time (``docs/build_web.py``): PNG files written with
the standard library only (zlib), no image package and nothing downloaded.

The icon is a gold crown on the page's dark red, as polygons filled with 4 x 4 samples a
pixel (smooth edges). ``purpose`` ``any`` has rounded corners on a transparent ground;
``maskable`` fills the whole square and keeps the crown inside the middle 80 % (the safe zone
a phone may cut to a circle or a squircle).

>>> png = icon_png(32)
>>> png[:8] == b"\\x89PNG\\r\\n\\x1a\\n" and len(png) > 100
True
"""

from __future__ import annotations

import math
import struct
import zlib
from collections.abc import Sequence

__all__ = ["BACKGROUND", "GOLD", "icon_png"]

BACKGROUND = (107, 31, 31)  # the page's dark red (#6b1f1f)
GOLD = (224, 179, 65)  # #e0b341
Polygon = Sequence[tuple[float, float]]  # corners in the unit square, y downwards
SAMPLES = 4  # per pixel side

CROWN: tuple[Polygon, ...] = (
    # the crown's five points and its band, drawn as two shapes
    (
        (0.20, 0.66),
        (0.17, 0.30),
        (0.34, 0.46),
        (0.50, 0.22),
        (0.66, 0.46),
        (0.83, 0.30),
        (0.80, 0.66),
    ),
    ((0.20, 0.70), (0.80, 0.70), (0.80, 0.78), (0.20, 0.78)),
)


def _rounded_square(radius: float, steps: int = 12) -> Polygon:
    corners = (
        (1 - radius, radius),
        (1 - radius, 1 - radius),
        (radius, 1 - radius),
        (radius, radius),
    )
    points = []
    for k, (cx, cy) in enumerate(corners):
        for i in range(steps + 1):
            a = math.pi / 2 * (k - 1 + i / steps)
            points.append((cx + radius * math.cos(a), cy + radius * math.sin(a)))
    return points


def _coverage(shapes: Sequence[Polygon], size: int) -> list[float]:
    """Share of each pixel (row by row) inside any of ``shapes`` (even-odd within a shape;
    the shapes must not overlap)."""
    cover = [0.0] * (size * size)
    weight = 1 / (SAMPLES * SAMPLES)
    for row in range(size * SAMPLES):
        y = (row + 0.5) / (size * SAMPLES)
        for shape in shapes:
            xs = []
            for (x0, y0), (x1, y1) in zip(shape, [*shape[1:], shape[0]]):
                if (y0 <= y < y1) or (y1 <= y < y0):
                    xs.append(x0 + (y - y0) * (x1 - x0) / (y1 - y0))
            xs.sort()
            for left, right in zip(xs[::2], xs[1::2]):
                # sample columns whose centre lies in [left, right)
                first = math.ceil(left * size * SAMPLES - 0.5)
                last = math.ceil(right * size * SAMPLES - 0.5)
                base = (row // SAMPLES) * size
                for col in range(max(first, 0), min(last, size * SAMPLES)):
                    cover[base + col // SAMPLES] += weight
    return cover


def _png(size: int, pixels: list[tuple[int, int, int, int]]) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    raw = b"".join(
        b"\x00" + bytes(v for p in pixels[r * size : (r + 1) * size] for v in p)
        for r in range(size)
    )
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def icon_png(size: int, purpose: str = "any") -> bytes:
    """The icon, ``size`` pixels square, as PNG bytes (``purpose``: ``any`` or ``maskable``)."""
    if purpose not in ("any", "maskable"):
        raise ValueError(f"purpose={purpose!r}: expected 'any' or 'maskable'")
    scale = 0.8 if purpose == "maskable" else 1.0
    crown = [[(0.5 + (x - 0.5) * scale, 0.5 + (y - 0.5) * scale) for x, y in s] for s in CROWN]
    ground = _rounded_square(0.18) if purpose == "any" else [(0, 0), (1, 0), (1, 1), (0, 1)]
    back = _coverage([ground], size)
    front = _coverage(crown, size)
    pixels = []
    for b, f in zip(back, front):
        f = min(f, 1.0)
        alpha = f + min(b, 1.0) * (1 - f)
        if alpha == 0:
            pixels.append((0, 0, 0, 0))
            continue
        rgb = tuple(
            round((g * f + c * min(b, 1.0) * (1 - f)) / alpha) for g, c in zip(GOLD, BACKGROUND)
        )
        pixels.append((*rgb, round(alpha * 255)))
    return _png(size, pixels)
