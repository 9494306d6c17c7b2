"""The board read as byte masks: the tables that let the referee list, and the sampler draw,
the actions of the player to move without a Python loop per space.

The 91 cell codes become the bytes of one big integer, byte i for space i (village i // 7,
type i % 7), byte value 1 for an empty space, 2 for a master of the player to move without a
student, 4 for one with its student, 0 for anything else (:data:`CODE_BYTES`). Sums over a
village's 7 bytes are one multiplication (no byte carries: a sum is at most 7), comparisons
of those sums one addition, so no Python loop runs per village. A space's *number* is the
space plus 1 (:func:`space_numbers`), so that the zeros of a mask can be deleted.

These are the engine's own working parts, shared by
:func:`~shangrila_widget.rules.engine.legal_actions` and
:func:`~shangrila_widget.rules.sampling.random_action`; nothing else needs them.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import Final

from shangrila_widget.rules.actions import (
    JOURNEYS_FROM,
    PLACE_BY_SLOT,
    RECRUIT_ONE_BY_SLOT,
    RECRUIT_TWO_BY_SLOTS,
    Journey,
    Place,
    Recruit,
)
from shangrila_widget.rules.board import TILES_PER_TYPE, VILLAGE_BRIDGE_MASK, VILLAGES
from shangrila_widget.rules.codes import STUDENT_OFFSET, setup_caps
from shangrila_widget.rules.position import PositionParts

VILLAGE_COUNT: Final = len(VILLAGES)


def pairs_of_one_type(numbers: bytes, single: bytes, types: bytes) -> list[int]:
    """The indices, last first, in ``combinations(numbers, 2)`` (the recruit spaces by their
    :func:`space_numbers`) of the pairs of two spaces of ``single`` (some of the numbers, with
    their ``types``) of one type."""
    k = len(numbers)
    found = []
    for t in set(types):
        same = [numbers.index(n) for n, t2 in zip(single, types) if t2 == t]
        found += [i * (2 * k - i - 1) // 2 + j - i - 1 for i, j in combinations(same, 2)]
    found.sort(reverse=True)
    return found


#: Byte i is i + 1: the number of space i in :func:`space_numbers`.
_SPACE_NUMBERS: Final = int.from_bytes(bytes(range(1, VILLAGE_COUNT * 7 + 1)), "little")


def space_numbers(spaces: int) -> bytes:
    """The spaces set in the byte mask ``spaces`` (bytes 0 or 1), in board order, each as its
    number, the space plus 1: one byte each (the mask's bytes become the numbers, then the
    zeros are deleted, all in C, whatever the number of spaces)."""
    return (
        (spaces * 127 & _SPACE_NUMBERS)
        .to_bytes(VILLAGE_COUNT * 7, "little")
        .translate(None, b"\x00")
    )


#: The actions on a space by its number (space + 1), the recruits of two by the pair of
#: numbers (in board order, as a look-up function).
PLACE_BY_NUMBER: Final[tuple[Place, ...]] = (PLACE_BY_SLOT[0], *PLACE_BY_SLOT)
RECRUIT_ONE_BY_NUMBER: Final[tuple[Recruit, ...]] = (RECRUIT_ONE_BY_SLOT[0], *RECRUIT_ONE_BY_SLOT)
RECRUIT_TWO: Final[Callable[[tuple[int, int]], Recruit]] = {
    (a + 1, b + 1): recruit
    for a, row in enumerate(RECRUIT_TWO_BY_SLOTS)
    for b, recruit in enumerate(row)
    if recruit is not None
}.__getitem__


SPACES: Final = VILLAGE_COUNT * 7
#: Bit 0 of every space's byte.
ONES: Final = sum(1 << 8 * i for i in range(SPACES))
#: Multiplying by this sums each run of 7 bytes into its last byte.
SEVEN: Final = sum(1 << 8 * k for k in range(7))
#: Bit 0 / bits 0-2 of the first byte of each village.
FIRST: Final = sum(1 << 56 * v for v in range(VILLAGE_COUNT))
FIRST_LOW3: Final = FIRST * 7
#: 7 in the first byte of each village: added to a sum (0-7), it carries into bit 3 when the
#: sum is at least 1.
FIRST_SEVEN: Final = 7 * FIRST
#: ``CODE_BYTES[colour]``: the translation of cell codes to the bytes above.
CODE_BYTES: Final = tuple(
    bytes(
        1 if code == 0 else 2 if code == c + 1 else 4 if code == c + 1 + STUDENT_OFFSET else 0
        for code in range(256)
    )
    for c in range(4)
)
#: By the stones' bit mask: (bit 0 of every space, bit 0 of the first byte of every village)
#: of the villages without a stone.
OPEN_BY_STONES: dict[int, tuple[int, int]] = {}


def _submasks(mask: int) -> list[int]:
    """Every mask of some of the bits of ``mask``, ``mask`` and 0 included."""
    found = [mask]
    sub = mask
    while sub:
        sub = (sub - 1) & mask
        found.append(sub)
    return found


#: ``JOURNEYS_BY_BRIDGES[v][m]``: the journeys from village v when the bridges in the mask m
#: (of v's bridges) are left, in the order legal_actions lists them.
JOURNEYS_BY_BRIDGES: Final[tuple[dict[int, tuple[Journey, ...]], ...]] = tuple(
    {
        left: tuple(j for b, j in JOURNEYS_FROM[v] if left >> b & 1)
        for left in _submasks(VILLAGE_BRIDGE_MASK[v])
    }
    for v in range(VILLAGE_COUNT)
)
#: Translations of a player's 7 supply counts to bytes 1 where a tile is left / none was
#: placed yet (the set-up's one of each type).
HAS_TILES: Final = bytes(1 if n else 0 for n in range(256))
_UNPLACED: Final = bytes(1 if n == TILES_PER_TYPE else 0 for n in range(256))
#: By 7 bytes of 0 or 1 (one per type, as those translations make them): the byte mask of
#: the spaces of those types in every village.
ALL_VILLAGES: Final = {
    types: int.from_bytes(types, "little") * FIRST
    for types in (bytes(m >> t & 1 for t in range(7)) for m in range(128))
}
IS_ONE: Final = bytes(1 if n == 1 else 0 for n in range(256))
#: A space's number (space + 1) to its type, as a translation.
NUMBER_TYPE: Final = bytes((n - 1) % 7 if n else 0 for n in range(256))


def open_masks(stones: int) -> tuple[int, int]:
    spaces = first = 0
    for v in range(VILLAGE_COUNT):
        if not stones >> v & 1:
            spaces |= (ONES >> 56 * v & (SEVEN)) << 56 * v
            first |= 1 << 56 * v
    OPEN_BY_STONES[stones] = result = (spaces, first)
    return result


def village_sums(ones: int) -> int:
    """Per village, how many of its spaces are set in ``ones``, in its first byte."""
    return (ones * SEVEN) >> 48 & (FIRST_LOW3)


def at_least(sums: int, k: int) -> int:
    """Bit 0 of the first byte of each village whose sum (0-7) is at least k (1-8)."""
    return (sums + (8 - k) * FIRST) >> 3 & FIRST


def setup_spaces(packed: PositionParts) -> int:
    """The set-up placements of the player to move: byte i of the result is 1 where a master
    may be placed on space i (a type not placed yet, a free space, the village's caps)."""
    players, turn, _, cells, _, stones, supply, _, _, _ = packed
    colour = players[turn]
    board = int.from_bytes(cells.translate(CODE_BYTES[colour]), "little")
    open_spaces, open_villages = OPEN_BY_STONES.get(stones) or open_masks(stones)
    empty = board & open_spaces
    mine = board >> 1 & open_spaces
    # at_least(village_sums(empty), 8 - most tiles) and not at_least(village_sums(mine),
    # most of one colour), inline
    free_enough, own_too_many = _SETUP_CAP_ADDS[len(players)]
    villages = (
        ((empty * SEVEN >> 48 & FIRST_LOW3) + free_enough >> 3)
        & ~((mine * SEVEN >> 48 & FIRST_LOW3) + own_too_many >> 3)
        & open_villages
    )
    unplaced = ALL_VILLAGES[supply[colour * 7 : colour * 7 + 7].translate(_UNPLACED)]
    return empty & villages * SEVEN & unplaced


#: By the number of players: what :func:`at_least` adds to the sums of empty spaces (at
#: least 8 - the most tiles in all) and of own tiles (at least the most of one colour).
_SETUP_CAP_ADDS: Final = {
    n: (setup_caps(n)[1] * FIRST, (8 - setup_caps(n)[0]) * FIRST) for n in (3, 4)
}
