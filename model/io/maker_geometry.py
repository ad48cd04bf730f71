"""The geometry of 18xx-maker hex drawings: where its sides, corners, tracks and stops lie.

18xx-maker describes a hex by drawing instructions: a track leaves side ``s`` as a straight,
gentle or sharp curve (or runs to the centre), optionally drawn only from ``start`` to ``end`` of
its length, and cities and towns sit at an ``angle`` and ``percent`` from the centre. Which stop a
track joins is never written down: it is where the track is drawn. This module turns the drawing
back into topology: every track becomes the ports (hex edges and stops) it touches, in order.

Frame: hex-local, circumradius 1, screen axes (y down). Angles are measured clockwise from
"straight down", the convention of 18xx-maker's ``angle`` fields on both hex orientations (so 90
is to the left). Sides are given as our hex edges (0-5); their directions come from the grid.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

APOTHEM = math.sqrt(3) / 2
SNAP = 0.45
"""How far (circumradii) from a stop's centre a track's inner end may be and still join it: a
track is drawn up to the stop's circle, not to its centre."""
ON_PATH = 0.2
"""How close (circumradii) a drawn track must pass a stop's centre to run through it."""


def unit(angle_deg: float) -> tuple[float, float]:
    """The unit vector at ``angle_deg`` clockwise from straight down."""
    a = math.radians(angle_deg)
    return (-math.sin(a), math.cos(a))


def edge_angle(orientation: str, edge: int) -> float:
    """The direction of the middle of ``edge`` (flat: edge 0 is the bottom side; pointy: edge 0 is
    the lower left side), clockwise from straight down."""
    return 60.0 * edge if orientation == "flat" else 30.0 + 60.0 * edge


def corner_angle(orientation: str, k: int) -> float:
    """The direction of 18xx-maker's corner point ``p<k>`` (1-6) of a hex."""
    return (90.0 if orientation == "flat" else 0.0) + 60.0 * (k - 1)


def side_of_corners(orientation: str, k1: int, k2: int) -> int | None:
    """The edge between two adjacent corners ``p<k1>`` and ``p<k2>`` of one hex, or None."""
    if (k1 - k2) % 6 not in (1, 5):
        return None
    mid = corner_angle(orientation, k1) + ((corner_angle(orientation, k2) - corner_angle(orientation, k1) + 180) % 360 - 180) / 2
    for edge in range(6):
        if abs((edge_angle(orientation, edge) - mid + 180) % 360 - 180) < 1:
            return edge
    return None


@dataclass(frozen=True)
class Stop:
    """A city, town or off-board stop of a drawing: its index among the hex's nodes and its place."""

    index: int
    x: float
    y: float


def stop_position(angle: float | None, percent: float | None) -> tuple[float, float]:
    """Where a stop with 18xx-maker's ``angle`` and ``percent`` (of the apothem) sits; no fields: the centre."""
    if not percent:
        return (0.0, 0.0)
    ux, uy = unit(angle or 0.0)
    return (ux * percent * APOTHEM, uy * percent * APOTHEM)


def _midpoint(orientation: str, edge: int) -> tuple[float, float]:
    ux, uy = unit(edge_angle(orientation, edge))
    return (ux * APOTHEM, uy * APOTHEM)


def _line(p: tuple[float, float], q: tuple[float, float]) -> Callable[[float], tuple[float, float]]:
    return lambda t: (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)


def _arc(orientation: str, edge: int, step: int) -> Callable[[float], tuple[float, float]]:
    """The arc from the middle of ``edge`` to the middle of ``edge + step`` (step 1 sharp, 2 gentle),
    leaving both sides at right angles: centred on the corner (sharp) or on the point two apothems
    out between the sides (gentle)."""
    a0 = edge_angle(orientation, edge)
    bis = a0 + 30.0 * step
    dist = 1.0 if step == 1 else 2 * APOTHEM
    cx, cy = (c * dist for c in unit(bis))
    p, q = _midpoint(orientation, edge), _midpoint(orientation, (edge + step) % 6)
    s = math.atan2(p[1] - cy, p[0] - cx)
    e = math.atan2(q[1] - cy, q[0] - cx)
    sweep = (e - s + math.pi) % (2 * math.pi) - math.pi
    r = math.hypot(p[0] - cx, p[1] - cy)
    return lambda t: (cx + r * math.cos(s + sweep * t), cy + r * math.sin(s + sweep * t))


class TrackShapeError(ValueError):
    """A track whose drawing cannot be read as topology (it ends where there is no stop)."""


def track_ports(
    orientation: str, edge: int, kind: str, start: float, end: float, stops: list[Stop], centre: Callable[[], int],
    loose: bool = False,
) -> list[tuple[int | str, int | str]]:
    """The paths a drawn track stands for, as pairs of ports (an edge, or ``"n<k>"``).

    ``kind``: ``straight`` / ``gentle`` / ``sharp`` (a full curve from ``edge``), ``centre`` (from
    ``edge`` to the middle of the hex). ``start``/``end``: the drawn part of the track (0-1). An
    inner end joins the nearest stop; a stop the drawn track runs through splits it in two.
    ``centre()`` gives the node index of a junction for a centre track when there is no stop.
    ``loose``: an inner end at no stop ends at that junction instead of raising.
    """
    if kind == "straight":
        f = _line(_midpoint(orientation, edge), _midpoint(orientation, (edge + 3) % 6))
        far: int | None = (edge + 3) % 6
    elif kind in ("gentle", "sharp"):
        step = 2 if kind == "gentle" else 1
        f = _arc(orientation, edge, step)
        far = (edge + step) % 6
    else:  # to the centre
        f = _line(_midpoint(orientation, edge), (0.0, 0.0))
        far = None
    first: int | str
    def snap(p: tuple[float, float], which: str) -> str:
        try:
            return _snap(p, stops, which)
        except TrackShapeError:
            if not loose:
                raise
            return f"n{centre()}"

    if start <= 1e-9:
        first = edge
    else:
        first = snap(f(start), "start")
    last: int | str
    if end >= 1 - 1e-9 and far is not None:
        last = far
    elif end >= 1 - 1e-9:  # the centre: the stop there, or a junction
        near = _nearest(f(1.0), stops)
        last = f"n{near[0].index}" if near is not None and near[1] <= SNAP else f"n{centre()}"
    else:
        last = snap(f(end), "end")
    # stops the drawn part runs through, in order along the track
    passed: list[tuple[float, int]] = []
    n = 48
    endpoints = {p for p in (first, last) if isinstance(p, str)}
    for s in stops:
        if f"n{s.index}" in endpoints:
            continue
        best = min(
            ((math.hypot(x - s.x, y - s.y), t) for t in (start + (end - start) * i / n for i in range(1, n)) for x, y in (f(t),)),
        )
        if best[0] <= ON_PATH:
            passed.append((best[1], s.index))
    ends = [first, *[f"n{i}" for _, i in sorted(passed)], last]
    return [(ends[i], ends[i + 1]) for i in range(len(ends) - 1)]


def bent_stop(stops: list[Stop], centre: Callable[[], int]) -> str:
    """Where 18xx-maker's ``bent`` track from a side ends: the stop nearest the middle of the
    hex (the track bends into it), or a junction there when the hex has no stop."""
    near = _nearest((0.0, 0.0), stops)
    return f"n{near[0].index}" if near is not None else f"n{centre()}"


def svg_ends(path: str) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """The first and the last point of an SVG path ("M 85 -45 L 0 -40"), in circumradii, or None."""
    import re

    nums = [float(x) for x in re.findall(r"-?\d+(?:\.\d+)?(?:e-?\d+)?", path)[:400]]
    if len(nums) < 4 or len(nums) % 2 or any(abs(v) > 1000 for v in nums):
        return None
    return (nums[0] / 100, nums[1] / 100), (nums[-2] / 100, nums[-1] / 100)


def point_port(orientation: str, p: tuple[float, float], stops: list[Stop], centre: Callable[[], int]) -> int | str:
    """The port a drawn point stands for: the edge it lies on (at or beyond 0.8 of the way out),
    the stop it is drawn to, or a junction."""
    x, y = p
    if math.hypot(x, y) >= 0.8 * APOTHEM:
        a = math.degrees(math.atan2(-x, y))
        return min(range(6), key=lambda e: abs((edge_angle(orientation, e) - a + 180) % 360 - 180))
    near = _nearest(p, stops)
    return f"n{near[0].index}" if near is not None and near[1] <= SNAP else f"n{centre()}"


def _nearest(p: tuple[float, float], stops: list[Stop]) -> tuple[Stop, float] | None:
    best = None
    for s in stops:
        d = math.hypot(p[0] - s.x, p[1] - s.y)
        if best is None or d < best[1]:
            best = (s, d)
    return best


def _snap(p: tuple[float, float], stops: list[Stop], which: str) -> str:
    near = _nearest(p, stops)
    if near is None or near[1] > SNAP:
        raise TrackShapeError(f"the track's {which} is inside the hex but at no city or town")
    return f"n{near[0].index}"
