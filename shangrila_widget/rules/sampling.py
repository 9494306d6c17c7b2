"""The sampler: one legal action of the player to move drawn at random, uniformly or by
weights per kind of action, without listing them all (for playouts and random games).

>>> from random import Random
>>> from shangrila_widget.rules import Position
>>> pos = Position.new_game(["red", "blue", "yellow", "violet"])
>>> random_action(pos, Random(3))
Place(type='rainmaker', village='D')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from random import Random
from types import MappingProxyType
from typing import Final

from shangrila_widget.rules.actions import PASS, Action, Journey
from shangrila_widget.rules.board import BRIDGES, VILLAGE_BRIDGE_MASK, VILLAGE_INDEX
from shangrila_widget.rules.codes import OVER, SETUP
from shangrila_widget.rules.errors import IllegalActionError, ShangrilaError, excerpt
from shangrila_widget.rules.messages import problem
from shangrila_widget.rules.position import Position, PositionParts, check_position
from shangrila_widget.rules.results import Refusal
from shangrila_widget.rules.spaces import ALL_VILLAGES as _ALL_VILLAGES
from shangrila_widget.rules.spaces import CODE_BYTES as _CODE_BYTES
from shangrila_widget.rules.spaces import FIRST as _FIRST
from shangrila_widget.rules.spaces import FIRST_LOW3 as _FIRST_LOW3
from shangrila_widget.rules.spaces import FIRST_SEVEN as _FIRST_SEVEN
from shangrila_widget.rules.spaces import HAS_TILES as _HAS_TILES
from shangrila_widget.rules.spaces import JOURNEYS_BY_BRIDGES as _JOURNEYS_BY_BRIDGES
from shangrila_widget.rules.spaces import OPEN_BY_STONES as _OPEN
from shangrila_widget.rules.spaces import PLACE_BY_NUMBER as _PLACE_BY_NUMBER
from shangrila_widget.rules.spaces import RECRUIT_ONE_BY_NUMBER as _RECRUIT_ONE_BY_NUMBER
from shangrila_widget.rules.spaces import RECRUIT_TWO as _RECRUIT_TWO
from shangrila_widget.rules.spaces import SEVEN as _SEVEN
from shangrila_widget.rules.spaces import SPACES as _SPACES
from shangrila_widget.rules.spaces import open_masks as _open_masks
from shangrila_widget.rules.spaces import setup_spaces as _setup_spaces
from shangrila_widget.rules.spaces import space_numbers as _numbers

#: By the villages (13 bytes, 1 for a village in the set): (the bridges with one end in the
#: set, the bridges with both ends in it); the journeys from those villages are the intact
#: bridges of the first mask plus those of the second (a bridge counts once per end).
_FROM_VILLAGES: dict[bytes, tuple[int, int]] = {}


def _bridges_from(villages: bytes) -> tuple[int, int]:
    one = both = 0
    for b, (x, y) in enumerate(BRIDGES):
        ends = villages[VILLAGE_INDEX[x]] + villages[VILLAGE_INDEX[y]]
        if ends:
            one |= 1 << b
        if ends == 2:
            both |= 1 << b
    _FROM_VILLAGES[villages] = result = (one, both)
    return result


def _play_spaces(packed: PositionParts) -> tuple[int, int, int, bytes, bytes]:
    """For the player to move during play, as byte masks (byte i for space i): the spaces
    open to a placement, the masters that may take a student, the masters that have one;
    then the board translated to the bytes above and the player's 7 supply counts."""
    players, turn, _, cells, _, stones, supply, _, _, _ = packed
    colour = players[turn]
    codes = cells.translate(_CODE_BYTES[colour])
    board = int.from_bytes(codes, "little")
    open_spaces = (_OPEN.get(stones) or _open_masks(stones))[0]
    empty = board & open_spaces
    mine = board >> 1 & open_spaces
    paired = board >> 2 & open_spaces
    counts = supply[colour * 7 : colour * 7 + 7]
    # the spaces of the villages where the player has a tile (sum of its bytes at least 1)
    present = (((mine | paired) * _SEVEN >> 48 & _FIRST_LOW3) + _FIRST_SEVEN >> 3 & _FIRST) * _SEVEN
    with_supply = _ALL_VILLAGES[counts.translate(_HAS_TILES)]
    return empty & present & with_supply, mine & with_supply, paired, codes, counts


def _journeys(packed: PositionParts, codes: bytes) -> list[Journey]:
    """The journeys from each open village with a student of the player to move (byte 4 of
    ``codes``), by the village's bridges left, in village order."""
    open_spaces = (_OPEN.get(packed.stones) or _open_masks(packed.stones))[0]
    return _journeys_from(int.from_bytes(codes, "little") >> 2 & open_spaces, packed.bridges)


def _journeys_from(paired: int, bridges: int) -> list[Journey]:
    """The journeys from each village with a byte set in ``paired`` (an open village with a
    student of the player to move), by the village's bridges left, in village order."""
    find = paired.to_bytes(_SPACES, "little").find
    space = find(1)
    journeys: list[Journey] = []
    while space >= 0:
        v = space // 7
        journeys += _JOURNEYS_BY_BRIDGES[v][bridges & VILLAGE_BRIDGE_MASK[v]]
        space = find(1, v * 7 + 7)
    return journeys


WEIGHTED_KINDS: Final = ("place", "recruit", "journey")
"""The kinds of action that :func:`random_action`'s ``weights`` name (a pass is never drawn
by weight: it is legal only when nothing else is)."""


def _kind_weights(weights: object) -> tuple[float, float, float]:
    """The weights of placements, recruits and journeys (0 for a kind left out), checked."""
    if not isinstance(weights, Mapping):
        raise TypeError(f"weights: expected a mapping of kinds to numbers, got {excerpt(weights)}")
    for kind, weight in weights.items():
        if kind not in WEIGHTED_KINDS:
            raise ShangrilaError(
                problem("weights_kind", value=excerpt(kind), known=list(WEIGHTED_KINDS))
            )
        if isinstance(weight, bool) or not isinstance(weight, (int, float)):
            raise TypeError(f"weights[{kind}]: expected a number, got {excerpt(weight)}")
        if not 0 <= weight < float("inf"):
            raise ShangrilaError(problem("weights_number", kind=str(kind), value=excerpt(weight)))
    get = weights.get
    return get("place", 0), get("recruit", 0), get("journey", 0)


#: Checked weights by the mapping's items and their types (a few mappings, mostly the bots'
#: constant one): checking them again on every draw of a playout costs more than the draw.
_CHECKED_WEIGHTS: dict[tuple[tuple[object, ...], ...], tuple[float, float, float]] = {}


def _checked_weights(weights: object) -> tuple[float, float, float]:
    """:func:`_kind_weights`, remembered for mappings of the same items (of the same types:
    ``True == 1`` but a bool is no weight)."""
    if weights.__class__ not in _PLAIN_MAPPINGS and not isinstance(weights, Mapping):
        return _kind_weights(weights)
    key = (tuple(weights.items()), tuple(map(type, weights.values())))
    try:
        found = _CHECKED_WEIGHTS.get(key)
    except TypeError:  # an unhashable value: no weight, say so
        return _kind_weights(weights)
    if found is None:
        found = _kind_weights(weights)
        if len(_CHECKED_WEIGHTS) < 64:
            _CHECKED_WEIGHTS[key] = found
    return found


#: Mappings that need no ``isinstance(..., Mapping)`` (an abstract class's check is slow).
_PLAIN_MAPPINGS: Final = (dict, MappingProxyType)


def _weighted_kind(
    weights: tuple[float, float, float],
    places: int,
    recruits: int,
    total: int,
    random_: Callable[[], float],
) -> tuple[int, int]:
    """The range of action numbers (places, then recruits, then journeys) of the kind drawn by
    ``weights`` among the kinds with actions; all of them when no weighted kind has one. The
    generator is used only when two kinds or more can be drawn."""
    place_weight, recruit_weight, journey_weight = weights
    journeys_from = places + recruits
    drawn: list[tuple[float, int, int]] = []
    if place_weight > 0 and places:
        drawn.append((place_weight, 0, places))
    if recruit_weight > 0 and recruits:
        drawn.append((recruit_weight, places, journeys_from))
    if journey_weight > 0 and total > journeys_from:
        drawn.append((journey_weight, journeys_from, total))
    if not drawn:
        return 0, total
    if len(drawn) > 1:
        weight_sum: float = 0  # sum() of the weights, in their order: the same number
        for weight, _, _ in drawn:
            weight_sum += weight
        point = random_() * weight_sum
        for weight, low, high in drawn:
            point -= weight
            if point < 0:
                return low, high
    return drawn[-1][1:]


def random_action(
    pos: Position, rng: Random, *, weights: Mapping[str, float] | None = None
) -> Action:
    """One action drawn uniformly from exactly the actions :func:`legal_actions` lists, without
    listing them: the actions of each kind are counted, one index is drawn from ``rng`` and
    only that action is looked up (``Pass()`` when nothing else is legal). The same ``rng``
    state gives the same action. A finished game has no action: like :func:`play`, it raises
    :class:`IllegalActionError` with rule ``END``.

    ``weights`` (a number of at least 0 per kind, ``"place"``, ``"recruit"``, ``"journey"``;
    a kind left out weighs 0) first draws a kind in proportion to its weight among the kinds
    with a legal action, then one action of that kind uniformly (one or two students are both
    ``"recruit"``). Kinds of weight 0 are drawn from, uniformly over their actions, only when
    no weighted kind has a legal action: a playout policy in one call.

    >>> from random import Random
    >>> from shangrila_widget.rules import Position, legal_actions
    >>> pos = Position.new_game(["red", "blue", "yellow", "violet"])
    >>> random_action(pos, Random(3)) in legal_actions(pos)
    True
    """
    if not isinstance(pos, Position):
        check_position(pos)
    if not isinstance(rng, Random):
        raise TypeError(f"rng: expected a random.Random, got {excerpt(rng)}")
    kind_weights = None if weights is None else _checked_weights(weights)
    packed = pos.packed
    phase = packed[2]
    if phase == OVER:
        raise IllegalActionError(Refusal("END", "game_over", {}))
    random_ = rng.random
    if phase == SETUP:
        free = _setup_spaces(packed)
        total = free.bit_count()
        if not total:
            return PASS
        return _PLACE_BY_NUMBER[_numbers(free)[int(random_() * total)]]
    places, recruits, paired, codes, counts = _play_spaces(packed)
    place_count = places.bit_count()
    recruit_count = recruits.bit_count()
    twos = recruit_count * (recruit_count - 1) // 2
    if paired and (
        kind_weights is None
        or kind_weights[2] > 0
        or not (kind_weights[0] > 0 and place_count or kind_weights[1] > 0 and recruit_count)
    ):
        # the journeys are counted from the villages with a student of the player's and
        # listed only if one of them is drawn (counted only if they can be: not when they
        # weigh nothing and another kind can be drawn)
        # bit 0 of the first byte of each village with a student of the player's (its sum of
        # bytes at least 1, as in _play_spaces), then one byte per village
        villages = ((paired * _SEVEN >> 48 & _FIRST_LOW3) + _FIRST_SEVEN >> 3 & _FIRST).to_bytes(
            _SPACES, "little"
        )[::7]
        ends = _FROM_VILLAGES.get(villages) or _bridges_from(villages)
        bridges = packed[4]
        journey_count = (bridges & ends[0]).bit_count() + (bridges & ends[1]).bit_count()
    else:
        journey_count = 0
    total = place_count + recruit_count + twos + journey_count
    if not total:
        return PASS
    low = 0  # actions are numbered places, recruits of one, of two, journeys; draw in [low, high)
    high = total
    if kind_weights is not None:
        low, high = _weighted_kind(kind_weights, place_count, recruit_count + twos, total, random_)
    while True:
        index = low + int(random_() * (high - low))
        if index < place_count:
            return _PLACE_BY_NUMBER[_numbers(places)[index]]
        index -= place_count
        if index < recruit_count:
            return _RECRUIT_ONE_BY_NUMBER[_numbers(recruits)[index]]
        index -= recruit_count
        if index < twos:
            # an unordered pair of recruit spaces, uniformly; a pair of one type with a single
            # tile of it left is not legal: draw again (still uniform over the legal actions)
            a = int(random_() * recruit_count)
            b = int(random_() * (recruit_count - 1))
            if b >= a:
                b += 1
            else:
                a, b = b, a
            numbers = _numbers(recruits)
            first, second = numbers[a], numbers[b]
            if (second - first) % 7 == 0 and counts[(first - 1) % 7] == 1:
                continue
            return _RECRUIT_TWO((first, second))
        return _journeys(packed, codes)[index - twos]


__all__ = ["WEIGHTED_KINDS", "random_action"]
