"""Where everything of the board sits, in scene units, and what lies under a point.

:func:`board_layout` turns ``board.json`` into geometry for a picture ``width`` units wide:
village centres (the printed board's fractions, fitted to the picture), each village's
hexagonal block with its seven spaces in the 2-3-2 layout, the corners where the village's
label, strength and stone go (chosen clear of bridges), and every bridge's plank between
the two blocks. It is a pure function of its arguments, cached.

:func:`hit_test` answers what is under a point: ``("space", village, type)``,
``("village", village)``, ``("bridge", a, b)`` (``a``, ``b`` in ``board.json`` order) or None.

>>> layout = board_layout(900)
>>> space = layout.villages["A"].spaces["healer"]
>>> hit_test(layout, space.cx, space.cy)
('space', 'A', 'healer')
>>> hit_test(layout, 1, 1) is None
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Final

from shangrila_widget.rules.board import (
    BRIDGES,
    OUT_OF_PLAY_WITH_THREE,
    SLOT_ROWS,
    VILLAGE_INFO,
    VILLAGES,
    board_bridges,
)
from shangrila_widget.rules.errors import ShangrilaError
from shangrila_widget.rules.messages import problem

if TYPE_CHECKING:
    from shangrila_widget.render.primitives import Point

HitTarget = tuple[str, ...] | None

#: The design is drawn for a picture 900 units wide; everything scales with ``width / 900``.
DESIGN_WIDTH: Final = 900.0
BOARD_HEIGHT: Final = 850.0  # the board area (the footer comes below it)
FOOTER_HEIGHT: Final = 60.0
MARGIN_X: Final = 90.0
MARGIN_TOP: Final = 80.0
MARGIN_BOTTOM: Final = 78.0
PITCH: Final = 44.0  # distance between neighbouring space centres in a block
SPACE_R: Final = 19.7  # radius of a space outline
BLOCK_PAD: Final = 6.5  # block edge beyond the outer spaces
BADGE_R: Final = 12.0
PLANK_WIDTH: Final = 13.0
SQRT3: Final = math.sqrt(3.0)


@dataclass(frozen=True, slots=True)
class SpaceGeometry:
    """One master space: centre, outline radius, and its bounding box ``rect``."""

    village: str
    type: str
    cx: float
    cy: float
    r: float

    @property
    def rect(self) -> tuple[float, float, float, float]:
        """``(x0, y0, x1, y1)`` of the space outline."""
        return (self.cx - self.r, self.cy - self.r, self.cx + self.r, self.cy + self.r)

    def contains(self, x: float, y: float, slack: float = 0.0) -> bool:
        """Whether ``(x, y)`` lies in the space (grown by ``slack``)."""
        return (x - self.cx) ** 2 + (y - self.cy) ** 2 <= (self.r + slack) ** 2


@dataclass(frozen=True, slots=True)
class VillageGeometry:
    """A village block: a flat-topped hexagon of circumradius ``radius`` around its spaces.

    ``label_at``, ``strength_at`` and ``stone_at`` are the centres of the village letter,
    the strength badge and the stone, in corners of the block that no bridge crosses.
    """

    id: str
    cx: float
    cy: float
    radius: float
    hexagon: tuple[Point, ...]
    spaces: dict[str, SpaceGeometry]
    label_at: Point
    strength_at: Point
    stone_at: Point
    red_walls: bool

    def contains(self, x: float, y: float, slack: float = 0.0) -> bool:
        """Whether ``(x, y)`` lies inside the block (its hexagon grown by ``slack``)."""
        return _in_hexagon(x - self.cx, y - self.cy, self.radius + slack)

    def __hash__(self) -> int:
        return hash((self.id, self.cx, self.cy, self.radius))


@dataclass(frozen=True, slots=True)
class BridgeGeometry:
    """A bridge's plank: from ``start`` (on ``a``'s block edge) to ``end`` (on ``b``'s)."""

    a: str
    b: str
    start: Point
    end: Point
    width: float

    @property
    def length(self) -> float:
        return math.hypot(self.end[0] - self.start[0], self.end[1] - self.start[1])

    def distance(self, x: float, y: float) -> float:
        """Distance from ``(x, y)`` to the plank's centre line."""
        return _segment_distance((x, y), self.start, self.end)


@dataclass(frozen=True, slots=True)
class BoardLayout:
    """All the geometry of a picture ``width`` x ``height`` for ``players`` players."""

    width: float
    height: float
    board_height: float
    unit: float  # width / 900
    players: int
    villages: dict[str, VillageGeometry]
    bridges: dict[tuple[str, str], BridgeGeometry]  # the bridges of this player count
    out_of_play: tuple[str, ...]

    def __hash__(self) -> int:
        return hash((self.width, self.players, self.height))

    def bridge(self, a: str, b: str) -> BridgeGeometry:
        """The bridge between ``a`` and ``b``, in either order (KeyError if none)."""
        found = self.bridges.get((a, b)) or self.bridges.get((b, a))
        if found is None:
            raise KeyError(f"no bridge {a}-{b} on the {self.players}-player board")
        return found

    def space(self, village: str, master_type: str) -> SpaceGeometry:
        """The geometry of one space."""
        return self.villages[village].spaces[master_type]


# ---------------------------------------------------------------------------- geometry


def _in_hexagon(dx: float, dy: float, radius: float) -> bool:
    """Point in a flat-topped regular hexagon of circumradius ``radius`` centred at 0."""
    ax, ay = abs(dx), abs(dy)
    apothem = radius * SQRT3 / 2
    return ay <= apothem and SQRT3 * ax + ay <= SQRT3 * radius


def hexagon_points(cx: float, cy: float, radius: float) -> tuple[Point, ...]:
    """The six corners of a flat-topped hexagon, clockwise from the right-hand one."""
    return tuple(
        (
            round(cx + radius * math.cos(math.radians(a)), 2),
            round(cy + radius * math.sin(math.radians(a)), 2),
        )
        for a in range(0, 360, 60)
    )


def _segment_distance(p: Point, a: Point, b: Point) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return math.hypot(p[0] - ax, p[1] - ay)
    t = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    return math.hypot(p[0] - (ax + t * dx), p[1] - (ay + t * dy))


def _exit_point(x: float, y: float, radius: float, tx: float, ty: float, centre: Point) -> Point:
    """Where the ray from ``(x, y)`` (inside the hexagon of ``radius`` around ``centre``)
    towards ``(tx, ty)`` leaves that hexagon."""
    dx, dy = tx - x, ty - y
    ox, oy = x - centre[0], y - centre[1]
    lo, hi = 0.0, 1.0
    for _ in range(40):  # bisection: exact to far below a pixel
        mid = (lo + hi) / 2
        if _in_hexagon(ox + dx * mid, oy + dy * mid, radius):
            lo = mid
        else:
            hi = mid
    return (x + dx * lo, y + dy * lo)


def _fit(value: float, lo: float, hi: float, start: float, end: float) -> float:
    return start + (value - lo) / (hi - lo) * (end - start)


@lru_cache(maxsize=32)
def board_layout(width: float = DESIGN_WIDTH, players: int = 4) -> BoardLayout:
    """The geometry of a board picture ``width`` units wide for 3 or 4 players (cached).

    >>> layout = board_layout(900, 3)
    >>> ("B", "C") in layout.bridges, len(layout.bridges), layout.out_of_play
    (False, 20, ('C',))
    """
    if players not in (3, 4):
        raise ShangrilaError(problem("render_players", value=repr(players)))
    if not width > 0:
        raise ShangrilaError(problem("render_width", value=repr(width)))
    u = width / DESIGN_WIDTH
    board_h = BOARD_HEIGHT * u
    xs = [v.x for v in VILLAGE_INFO]
    ys = [v.y for v in VILLAGE_INFO]
    centres: dict[str, Point] = {
        v.id: (
            round(_fit(v.x, min(xs), max(xs), MARGIN_X * u, width - MARGIN_X * u), 2),
            round(_fit(v.y, min(ys), max(ys), MARGIN_TOP * u, board_h - MARGIN_BOTTOM * u), 2),
        )
        for v in VILLAGE_INFO
    }
    pitch = PITCH * u
    space_r = SPACE_R * u
    radius = pitch + (space_r + BLOCK_PAD * u) * 2 / SQRT3
    row_dy = pitch * SQRT3 / 2

    # Bridges: planks between the block edges, moved sideways where a straight plank from
    # centre to centre would graze a third block (A-K passes close to F).
    bridges: dict[tuple[str, str], BridgeGeometry] = {}
    all_planks: list[tuple[Point, Point]] = []
    need = (PLANK_WIDTH / 2 + 7) * u
    for a, b in BRIDGES:
        (ax, ay), (bx, by) = centres[a], centres[b]
        length = math.hypot(bx - ax, by - ay)
        nx, ny = -(by - ay) / length, (bx - ax) / length
        shift = 0.0
        for other, (ox, oy) in centres.items():
            if other in (a, b):
                continue
            side = 1.0 if (ox - ax) * nx + (oy - ay) * ny > 0 else -1.0
            # signed distances of the block's corners beside the plank, positive on its side
            beside = [
                ((cx - ax) * nx + (cy - ay) * ny) * side
                for cx, cy in hexagon_points(ox, oy, radius)
                if 0 < ((cx - ax) * (bx - ax) + (cy - ay) * (by - ay)) / length**2 < 1
            ]
            if beside and min(beside) < need:
                shift = -side * (need - min(beside))  # move the plank away from the block
        sx, sy = nx * shift, ny * shift
        start = _exit_point(ax + sx, ay + sy, radius, bx + sx, by + sy, (ax, ay))
        end = _exit_point(bx + sx, by + sy, radius, ax + sx, ay + sy, (bx, by))
        geometry = BridgeGeometry(
            a,
            b,
            (round(start[0], 2), round(start[1], 2)),
            (round(end[0], 2), round(end[1], 2)),
            PLANK_WIDTH * u,
        )
        all_planks.append((geometry.start, geometry.end))
        if (a, b) in board_bridges(players):
            bridges[(a, b)] = geometry

    villages: dict[str, VillageGeometry] = {}
    for info in VILLAGE_INFO:
        cx, cy = centres[info.id]
        spaces: dict[str, SpaceGeometry] = {}
        for row_index, row in enumerate(SLOT_ROWS):
            y = cy + (row_index - 1) * row_dy
            for col, master_type in enumerate(row):
                x = cx + (col - (len(row) - 1) / 2) * pitch
                spaces[master_type] = SpaceGeometry(
                    info.id, master_type, round(x, 2), round(y, 2), space_r
                )
        label_at, strength_at, stone_at = _corners(info.id, cx, cy, radius, centres, all_planks, u)
        villages[info.id] = VillageGeometry(
            info.id,
            cx,
            cy,
            radius,
            hexagon_points(cx, cy, radius),
            spaces,
            label_at,
            strength_at,
            stone_at,
            info.red_walls,
        )
    out = (OUT_OF_PLAY_WITH_THREE,) if players == 3 else ()
    return BoardLayout(
        width=width,
        height=round(board_h + FOOTER_HEIGHT * u, 2),
        board_height=board_h,
        unit=u,
        players=players,
        villages=villages,
        bridges=bridges,
        out_of_play=out,
    )


#: Candidate badge spots around a block, as fractions of its radius, in order of preference:
#: top-left, top-right, bottom-right, bottom-left, then above and below the block.
_CORNERS: Final[tuple[tuple[str, float, float], ...]] = (
    ("top-left", -0.84, -0.70),
    ("top-right", 0.84, -0.70),
    ("bottom-right", 0.84, 0.70),
    ("bottom-left", -0.84, 0.70),
    ("top", 0.0, -1.12),
    ("bottom", 0.0, 1.12),
)


def _corners(
    village: str,
    cx: float,
    cy: float,
    radius: float,
    centres: dict[str, Point],
    planks: list[tuple[Point, Point]],
    u: float,
) -> tuple[Point, Point, Point]:
    """Spots for the label, the strength badge and the stone: clear of every bridge (of the
    4-player board, so that the spots do not move with the player count) and other blocks."""
    need = (BADGE_R + PLANK_WIDTH / 2 + 2) * u

    def clearance(x: float, y: float) -> float:
        best = min(_segment_distance((x, y), p, q) for p, q in planks)
        for other, (ox, oy) in centres.items():
            if other != village:
                best = min(best, math.hypot(x - ox, y - oy) - radius + PLANK_WIDTH / 2 * u)
        return best

    spots = [
        (name, (round(cx + fx * radius, 2), round(cy + fy * radius, 2)))
        for name, fx, fy in _CORNERS
    ]
    scored = [(clearance(x, y), name, (x, y)) for name, (x, y) in spots]
    chosen: list[Point] = []
    used: set[str] = set()
    # label prefers top-left, strength top-right, stone bottom-right; each takes the first
    # spot of its preference order that is clear, else the clearest one left.
    preferences = (
        ("top-left", "top-right", "bottom-left", "bottom-right", "top", "bottom"),
        ("top-right", "top-left", "bottom-right", "bottom-left", "top", "bottom"),
        ("bottom-right", "bottom-left", "top-right", "top-left", "bottom", "top"),
    )
    by_name = {name: (score, point) for score, name, point in scored}
    for order in preferences:
        pick = next((n for n in order if n not in used and by_name[n][0] >= need), None)
        if pick is None:
            pick = max((n for n in order if n not in used), key=lambda n: by_name[n][0])
        used.add(pick)
        chosen.append(by_name[pick][1])
    return chosen[0], chosen[1], chosen[2]


# ---------------------------------------------------------------------------- hit test


def hit_test(layout: BoardLayout, x: float, y: float) -> HitTarget:
    """What lies under the scene point ``(x, y)``.

    ``("space", village, type)`` on a space (a little beyond its outline counts, up to half
    the gap to the next one), ``("village", village)`` elsewhere on a block or on its label,
    ``("bridge", a, b)`` on or next to a plank of the board (intact or broken), else None.
    An out-of-play village (C with three players) answers only ``("village", "C")``.

    >>> layout = board_layout(900)
    >>> a = layout.villages["A"]
    >>> hit_test(layout, a.cx, a.cy - a.radius * 0.8)
    ('village', 'A')
    >>> ab = layout.bridges[("A", "B")]
    >>> hit_test(layout, (ab.start[0] + ab.end[0]) / 2, (ab.start[1] + ab.end[1]) / 2)
    ('bridge', 'A', 'B')
    """
    u = layout.unit
    slack = (PITCH / 2 - SPACE_R) * u
    for village in VILLAGES:
        geometry = layout.villages[village]
        if not geometry.contains(x, y, slack):
            lx, ly = geometry.label_at
            if math.hypot(x - lx, y - ly) <= BADGE_R * 1.3 * u:
                return ("village", village)
            continue
        if village not in layout.out_of_play:
            for space in geometry.spaces.values():
                if space.contains(x, y, slack):
                    return ("space", village, space.type)
        return ("village", village)
    best: tuple[float, tuple[str, str]] | None = None
    for (a, b), bridge in layout.bridges.items():
        distance = bridge.distance(x, y)
        if distance <= bridge.width * 0.5 + 6 * u and (best is None or distance < best[0]):
            best = (distance, (a, b))
    if best is not None:
        return ("bridge", best[1][0], best[1][1])
    return None


# ---------------------------------------------------------------------------- a village large

#: How much larger a village is drawn when it is opened large (:mod:`.zoom`): a space is then
#: 19 % of the picture's width across, so at least the 44 px a finger needs down to a picture
#: shown 230 CSS px wide (JupyterLab on a 360 px phone keeps its side bars: 244 px there;
#: 3.2 gave 34 px); the destination discs of a journey go to the picture's edges, beside the
#: block's spaces and marks.
ZOOM: Final = 4.4


@dataclass(frozen=True, slots=True)
class ZoomView:
    """Where one village opened large sits in a picture, and what else is on it.

    ``layout`` is the board's layout at ``ZOOM`` times the picture's width; the picture shows
    it moved by ``(dx, dy)``. ``destinations`` are the neighbours a journey from ``village``
    may go to, each a disc ``(village, cx, cy, r)`` at the picture's edge towards it (only
    while a journey from ``village`` waits for its destination); ``back`` is the rectangle
    ``(x0, y0, x1, y1)`` of the *Back* button.
    """

    village: str
    layout: BoardLayout
    dx: float
    dy: float
    destinations: tuple[tuple[str, float, float, float], ...]
    back: tuple[float, float, float, float]

    def hit_test(self, x: float, y: float) -> HitTarget:
        """What is under the picture point ``(x, y)``: ``("back",)`` on *Back* or anywhere
        off the village (a tap there closes the view), ``("village", n)`` on a destination,
        else the village's ``("space", village, type)`` or ``("village", village)``.

        >>> view = zoom_view(900, 910, 4, "A")
        >>> healer = view.space("healer")
        >>> view.hit_test(*healer[:2])
        ('space', 'A', 'healer')
        >>> view.hit_test(5, 900)
        ('back',)
        """
        x0, y0, x1, y1 = self.back
        if x0 <= x <= x1 and y0 <= y <= y1:
            return ("back",)
        for village, cx, cy, r in self.destinations:
            if math.hypot(x - cx, y - cy) <= r * 1.15:
                return ("village", village)
        found = hit_test(self.layout, x - self.dx, y - self.dy)
        if found is not None and found[0] in ("space", "village") and found[1] == self.village:
            return found
        return ("back",)

    def space(self, master_type: str) -> tuple[float, float, float]:
        """``(cx, cy, r)`` of one of the village's spaces in the picture."""
        s = self.layout.space(self.village, master_type)
        return (round(s.cx + self.dx, 2), round(s.cy + self.dy, 2), s.r)

    @property
    def centre(self) -> tuple[float, float]:
        """The village's centre in the picture."""
        v = self.layout.villages[self.village]
        return (round(v.cx + self.dx, 2), round(v.cy + self.dy, 2))


@lru_cache(maxsize=64)
def zoom_view(
    width: float,
    height: float,
    players: int,
    village: str,
    destinations: tuple[str, ...] = (),
) -> ZoomView:
    """The geometry of ``village`` opened large in a picture ``width`` x ``height``, with
    discs for the ``destinations`` of a journey from it (see :class:`ZoomView`)."""
    if village not in VILLAGES:
        raise ShangrilaError(problem("render_no_village", value=repr(village)))
    u = width / DESIGN_WIDTH
    big = board_layout(width * ZOOM, players)
    v = big.villages[village]
    back = (round(12 * u, 2), round(12 * u, 2), round(250 * u, 2), round(122 * u, 2))
    cx, cy = width / 2, (back[3] + height) / 2
    dx, dy = round(cx - v.cx, 2), round(cy - v.cy, 2)
    r = 82 * u
    reach = v.radius + 92 * u
    angles = _spread(
        [math.atan2(big.villages[n].cy - v.cy, big.villages[n].cx - v.cx) for n in destinations],
        2.2 * math.asin(min(1.0, r / reach)),
    )
    box = (r + 6 * u, back[3] + r + 6 * u, width - r - 6 * u, height - r - 6 * u)
    # the village's spaces, then its letter, strength badge and stone (about a space's size)
    taken = [(s.cx + dx, s.cy + dy, s.r + 4 * u) for s in v.spaces.values()]
    mark = next(iter(v.spaces.values())).r * 0.8
    taken += [(px + dx, py + dy, mark) for px, py in (v.label_at, v.strength_at, v.stone_at)]
    discs: list[tuple[str, float, float, float]] = []
    for n, angle in zip(destinations, angles):
        x, y = _free_edge_point(cx, cy, angle, box, r, taken)
        taken.append((x, y, r + 4 * u))
        discs.append((n, round(x, 2), round(y, 2), round(r, 2)))
    return ZoomView(village, big, dx, dy, tuple(discs), back)


def _to_edge(
    x: float, y: float, angle: float, box: tuple[float, float, float, float]
) -> tuple[float, float]:
    """The point of the rectangle ``box`` (x0, y0, x1, y1) furthest from ``(x, y)`` (inside
    it) along the direction ``angle``."""
    dx, dy = math.cos(angle), math.sin(angle)
    steps = [(box[2] - x) / dx if dx > 1e-9 else (box[0] - x) / dx if dx < -1e-9 else math.inf]
    steps.append((box[3] - y) / dy if dy > 1e-9 else (box[1] - y) / dy if dy < -1e-9 else math.inf)
    t = min(steps)
    return (x + t * dx, y + t * dy)


def _free_edge_point(
    x: float,
    y: float,
    angle: float,
    box: tuple[float, float, float, float],
    r: float,
    taken: list[tuple[float, float, float]],
) -> tuple[float, float]:
    """Where a disc of radius ``r`` goes for the direction ``angle`` from ``(x, y)``: at the
    edge of ``box`` (:func:`_to_edge`), turned a little at a time (either way) until it
    overlaps none of the ``taken`` discs ``(cx, cy, r)``; the first direction if none is
    free."""
    for turn in range(60):
        for sign in (1, -1) if turn else (1,):
            px, py = _to_edge(x, y, angle + sign * turn * math.pi / 90, box)
            if all(math.hypot(px - tx, py - ty) >= r + tr for tx, ty, tr in taken):
                return (px, py)
    return _to_edge(x, y, angle, box)


def _spread(angles: list[float], gap: float) -> list[float]:
    """``angles`` (radians) moved apart until neighbours are at least ``gap`` apart (a few
    rounds of pushing each close pair apart, keeping their mean)."""
    out = list(angles)
    for _ in range(50):
        moved = False
        order = sorted(range(len(out)), key=lambda i: out[i])
        for a, b in zip(order, order[1:] + order[:1]):
            if a == b:
                continue
            d = (out[b] - out[a]) % (2 * math.pi)
            if d < gap:
                push = (gap - d) / 2 + 1e-6
                out[a] -= push
                out[b] += push
                moved = True
        if not moved:
            break
    return out
