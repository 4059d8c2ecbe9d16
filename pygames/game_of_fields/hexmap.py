"""The 19-hex map of Game of Fields: its layout (reconstructed, rulings §4) and geometry.

The rulebook's figures were lost, so the layout is ours. It lives in one table,
`LAYOUT`, so that changing it is a one-line edit: one row per hex, in reading
order (top row first, left to right), with the hex's axial coordinates (q, r) on
a pointy-top radius-2 hexagon and what it is at the start of a game:

- ``"queen A"`` / ``"queen B"``: a player's Queen hex, always a plain;
- ``"prince A"`` / ``"prince B"``: a player's Prince hexes (random terrain);
- ``"b"`` to ``"f"``: the placement step of the rulebook that lays the hex, in
  order: b) the centre; c) two by player A; d) two by B; e) three by A; f) three by B.

Player A sits on the left and B on the right; the layout maps onto itself under
a half-turn with A and B swapped. Hexes are named by their index in `LAYOUT`
(0-18); players read them as numbers 1-19.
"""

from __future__ import annotations

LAYOUT: tuple[tuple[int, int, str], ...] = (
    (0, -2, "e"), (1, -2, "f"), (2, -2, "f"),
    (-1, -1, "prince A"), (0, -1, "c"), (1, -1, "d"), (2, -1, "prince B"),
    (-2, 0, "queen A"), (-1, 0, "prince A"), (0, 0, "b"), (1, 0, "prince B"), (2, 0, "queen B"),
    (-2, 1, "prince A"), (-1, 1, "c"), (0, 1, "d"), (1, 1, "prince B"),
    (-2, 2, "e"), (-1, 2, "e"), (0, 2, "f"),
)  # fmt: skip

PLAIN, MOUNTAIN, SEA = "plain", "mountain", "sea"
TERRAINS = (PLAIN, MOUNTAIN, SEA)
FACE_DOWN = ""  # a hex not turned over yet (blank map)
TERRAIN_COUNTS = {PLAIN: 7, MOUNTAIN: 5, SEA: 7}
PLACEMENT_STEPS = ("b", "c", "d", "e", "f")

HEXES = tuple(range(len(LAYOUT)))
COORDS = tuple((q, r) for q, r, _ in LAYOUT)
INDEX = {coords: index for index, coords in enumerate(COORDS)}
DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def role(hex_id: int) -> str:
    return LAYOUT[hex_id][2]


def queen_hex(seat: int) -> int:
    return next(h for h in HEXES if role(h) == "queen " + "AB"[seat])


def prince_hexes(seat: int) -> list[int]:
    return [h for h in HEXES if role(h) == "prince " + "AB"[seat]]


def step_hexes(step: str) -> list[int]:
    return [h for h in HEXES if role(h) == step]


def _neighbours(hex_id: int) -> tuple[int, ...]:
    q, r = COORDS[hex_id]
    found = (INDEX.get((q + dq, r + dr)) for dq, dr in DIRECTIONS)
    return tuple(h for h in found if h is not None)


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(h) for h in HEXES)


def _distance(a: int, b: int) -> int:
    (q1, r1), (q2, r2) = COORDS[a], COORDS[b]
    dq, dr = q1 - q2, r1 - r2
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


DISTANCE: tuple[tuple[int, ...], ...] = tuple(tuple(_distance(a, b) for b in HEXES) for a in HEXES)


def all_terrain() -> list[str]:
    return [t for t in TERRAINS for _ in range(TERRAIN_COUNTS[t])]
