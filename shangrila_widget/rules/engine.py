"""The referee: which actions are legal, why others are refused, and what an action does.

The entry points, all pure functions of a :class:`Position`:

- :func:`legal_actions` lists every concrete legal action of the player to move;
- :func:`random_action` draws one of them without listing them, uniformly or by weights per
  kind of action (for playouts);
- :func:`check` returns None for a legal action, else a :class:`Refusal` naming its rule id;
- :func:`play` returns an :class:`Outcome` (the new position; its events, with rule ids, are
  worked out only when read, so that playing costs nothing for explanations nobody reads).

>>> from shangrila_widget.rules import Position
>>> pos = Position.new_game(["red", "blue", "yellow", "violet"])
>>> len(legal_actions(pos))  # 13 villages x 7 types
91
>>> check(pos, "recruit healer A").rule
'SETUP-ORDER'
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from itertools import combinations, compress
from random import Random
from types import MappingProxyType
from typing import Final

from shangrila_widget.rules.actions import (
    JOURNEYS_FROM,
    PASS,
    PLACE_BY_SLOT,
    RECRUIT_ONE_BY_SLOT,
    RECRUIT_TWO_BY_SLOTS,
    Action,
    Journey,
    Pass,
    Place,
    Recruit,
    parse_action,
)
from shangrila_widget.rules.board import (
    BRIDGE_INDEX,
    BRIDGES,
    COLOUR_INDEX,
    COLOURS,
    MASTER_TYPES,
    STONES_IN_BOX,
    TILES_PER_TYPE,
    VILLAGE_BRIDGE_MASK,
    VILLAGE_INDEX,
    VILLAGES,
    Colour,
)
from shangrila_widget.rules.codes import C_INDEX as _C
from shangrila_widget.rules.codes import OVER, PLAY, SETUP, STUDENT_OFFSET, setup_caps
from shangrila_widget.rules.codes import STRENGTH as _STRENGTH
from shangrila_widget.rules.errors import IllegalActionError, ShangrilaError, excerpt
from shangrila_widget.rules.position import Position, PositionParts
from shangrila_widget.rules.results import Outcome, Refusal

_VILLAGE_COUNT: Final = len(VILLAGES)
#: Builds a PositionParts from a tuple of its ten fields, without the keyword handling of
#: its constructor (the fast path).
_new_parts: Final = tuple.__new__
#: Makes a Position without its constructor; ``_set_packed`` fills its one slot (as
#: Position.from_packed does, without the call).
_new_position: Final = object.__new__
_set_packed: Final = Position.__dict__["packed"].__set__


# ----------------------------------------------------------------------------- listing


def legal_actions(pos: Position) -> list[Action]:
    """Every legal action of the player to move, in a fixed order: placements, recruits of
    one student, recruits of two, journeys (each kind in board order). ``[Pass()]`` when
    nothing else is legal; ``[]`` once the game is over.

    >>> from shangrila_widget.rules import Position
    >>> legal_actions(Position.new_game(["red", "blue", "yellow"]))[0]
    Place(type='rainmaker', village='A')
    """
    if not isinstance(pos, Position):
        check_position(pos)
    packed = pos.packed
    phase = packed[2]
    if phase != PLAY:
        if phase == OVER:
            return []
        free = _setup_spaces(packed)
        if not free:
            return [PASS]
        return list(compress(PLACE_BY_SLOT, free.to_bytes(_SPACES, "little")))
    # the play phase, inline (the hot path of random games and searches): see _play_spaces
    players, turn, _, cells, _, stones, supply, _, _, _ = packed
    colour = players[turn]
    codes = cells.translate(_CODE_BYTES[colour])
    board = int.from_bytes(codes, "little")
    open_spaces = (_OPEN.get(stones) or _open_masks(stones))[0]
    mine = board >> 1 & open_spaces
    paired = board >> 2 & open_spaces
    counts = supply[colour * 7 : colour * 7 + 7]
    present = (((mine | paired) * _SEVEN >> 48 & _FIRST_LOW3) + _FIRST_SEVEN >> 3 & _FIRST) * _SEVEN
    with_supply = _ALL_VILLAGES[counts.translate(_HAS_TILES)]
    actions: list[Action] = [
        _PLACE_BY_NUMBER[n] for n in _numbers(board & open_spaces & present & with_supply)
    ]
    recruits = mine & with_supply
    if recruits:
        numbers = _numbers(recruits)
        actions += [_RECRUIT_ONE_BY_NUMBER[n] for n in numbers]
        if len(numbers) > 1:
            if 1 in counts:  # a single tile of a type left: not for two masters of that type
                pairs = list(map(_RECRUIT_TWO, combinations(numbers, 2)))
                single = _numbers(recruits & _ALL_VILLAGES[counts.translate(_IS_ONE)])
                if len(single) > 1:
                    types = single.translate(_NUMBER_TYPE)
                    if len(set(types)) < len(types):
                        for index in _pairs_of_one_type(numbers, single, types):
                            del pairs[index]
                actions += pairs
            else:
                actions += map(_RECRUIT_TWO, combinations(numbers, 2))
    if paired:  # _journeys_from, inline
        bridges = packed[4]
        find = paired.to_bytes(_SPACES, "little").find
        space = find(1)
        while space >= 0:
            v = space // 7
            actions += _JOURNEYS_BY_BRIDGES[v][bridges & VILLAGE_BRIDGE_MASK[v]]
            space = find(1, v * 7 + 7)
    return actions or [PASS]


def _pairs_of_one_type(numbers: bytes, single: bytes, types: bytes) -> list[int]:
    """The indices, last first, in ``combinations(numbers, 2)`` (the recruit spaces by their
    :func:`_numbers`) of the pairs of two spaces of ``single`` (some of the numbers, with
    their ``types``) of one type."""
    k = len(numbers)
    found = []
    for t in set(types):
        same = [numbers.index(n) for n, t2 in zip(single, types) if t2 == t]
        found += [i * (2 * k - i - 1) // 2 + j - i - 1 for i, j in combinations(same, 2)]
    found.sort(reverse=True)
    return found


#: Byte i is i + 1: the number of space i in :func:`_numbers`.
_SPACE_NUMBERS: Final = int.from_bytes(bytes(range(1, _VILLAGE_COUNT * 7 + 1)), "little")


def _numbers(spaces: int) -> bytes:
    """The spaces set in the byte mask ``spaces`` (bytes 0 or 1), in board order, each as its
    number, the space plus 1: one byte each (the mask's bytes become the numbers, then the
    zeros are deleted, all in C, whatever the number of spaces)."""
    return (
        (spaces * 127 & _SPACE_NUMBERS)
        .to_bytes(_VILLAGE_COUNT * 7, "little")
        .translate(None, b"\x00")
    )


class _RecruitsOfTwoByNumbers(dict[tuple[int, int], Recruit]):
    """``RECRUIT_TWO_BY_SLOTS`` keyed by the two spaces' numbers (space + 1), filled as it is
    read (a look-up of a pair already read is the dict's own)."""

    __slots__ = ()

    def __missing__(self, numbers: tuple[int, int]) -> Recruit:
        made = self[numbers] = RECRUIT_TWO_BY_SLOTS[numbers[0] - 1, numbers[1] - 1]
        return made


#: The actions on a space by its number (space + 1), the recruits of two by the pair of
#: numbers (in board order, as a look-up function).
_PLACE_BY_NUMBER: Final[tuple[Place, ...]] = (PLACE_BY_SLOT[0], *PLACE_BY_SLOT)
_RECRUIT_ONE_BY_NUMBER: Final[tuple[Recruit, ...]] = (RECRUIT_ONE_BY_SLOT[0], *RECRUIT_ONE_BY_SLOT)
_RECRUIT_TWO: Final[Callable[[tuple[int, int]], Recruit]] = _RecruitsOfTwoByNumbers().__getitem__


# ----------------------------------------------------------------------------- sampling
# random_action reads the whole board at once: the 91 cell codes become the bytes of one big
# integer, byte i for space i (village i // 7, type i % 7), byte value 1 for an empty space,
# 2 for a master of the player to move without a student, 4 for one with its student, 0 for
# anything else. Sums over a village's 7 bytes are one multiplication (no byte carries: a sum
# is at most 7), comparisons of those sums one addition, so no Python loop runs per village.

_SPACES: Final = _VILLAGE_COUNT * 7
#: Bit 0 of every space's byte.
_ONES: Final = sum(1 << 8 * i for i in range(_SPACES))
#: Multiplying by this sums each run of 7 bytes into its last byte.
_SEVEN: Final = sum(1 << 8 * k for k in range(7))
#: Bit 0 / bits 0-2 of the first byte of each village.
_FIRST: Final = sum(1 << 56 * v for v in range(_VILLAGE_COUNT))
_FIRST_LOW3: Final = _FIRST * 7
#: 7 in the first byte of each village: added to a sum (0-7), it carries into bit 3 when the
#: sum is at least 1.
_FIRST_SEVEN: Final = 7 * _FIRST
#: ``_CODE_BYTES[colour]``: the translation of cell codes to the bytes above.
_CODE_BYTES: Final = tuple(
    bytes(
        1 if code == 0 else 2 if code == c + 1 else 4 if code == c + 1 + STUDENT_OFFSET else 0
        for code in range(256)
    )
    for c in range(4)
)
#: By the stones' bit mask: (bit 0 of every space, bit 0 of the first byte of every village)
#: of the villages without a stone.
_OPEN: dict[int, tuple[int, int]] = {}


def _submasks(mask: int) -> list[int]:
    """Every mask of some of the bits of ``mask``, ``mask`` and 0 included."""
    found = [mask]
    sub = mask
    while sub:
        sub = (sub - 1) & mask
        found.append(sub)
    return found


#: ``_JOURNEYS_BY_BRIDGES[v][m]``: the journeys from village v when the bridges in the mask m
#: (of v's bridges) are left, in the order legal_actions lists them.
_JOURNEYS_BY_BRIDGES: Final[tuple[dict[int, tuple[Journey, ...]], ...]] = tuple(
    {
        left: tuple(j for b, j in JOURNEYS_FROM[v] if left >> b & 1)
        for left in _submasks(VILLAGE_BRIDGE_MASK[v])
    }
    for v in range(_VILLAGE_COUNT)
)
#: Translations of a player's 7 supply counts to bytes 1 where a tile is left / none was
#: placed yet (the set-up's one of each type).
_HAS_TILES: Final = bytes(1 if n else 0 for n in range(256))
_UNPLACED: Final = bytes(1 if n == TILES_PER_TYPE else 0 for n in range(256))
#: By 7 bytes of 0 or 1 (one per type, as those translations make them): the byte mask of
#: the spaces of those types in every village.
_ALL_VILLAGES: Final = {
    types: int.from_bytes(types, "little") * _FIRST
    for types in (bytes(m >> t & 1 for t in range(7)) for m in range(128))
}
_IS_ONE: Final = bytes(1 if n == 1 else 0 for n in range(256))
#: A space's number (space + 1) to its type, as a translation.
_NUMBER_TYPE: Final = bytes((n - 1) % 7 if n else 0 for n in range(256))
#: Cell codes to the tiles on the space (``STRENGTH``), as a translation.
_STRENGTH_BYTES: Final = bytes(_STRENGTH) + bytes(256 - len(_STRENGTH))
#: ``_BYTE[n]``: the one byte n (for cell codes and supply counts).
_BYTE: Final = tuple(bytes((n,)) for n in range(256))


def _open_masks(stones: int) -> tuple[int, int]:
    spaces = first = 0
    for v in range(_VILLAGE_COUNT):
        if not stones >> v & 1:
            spaces |= (_ONES >> 56 * v & (_SEVEN)) << 56 * v
            first |= 1 << 56 * v
    _OPEN[stones] = result = (spaces, first)
    return result


def _village_sums(ones: int) -> int:
    """Per village, how many of its spaces are set in ``ones``, in its first byte."""
    return (ones * _SEVEN) >> 48 & (_FIRST_LOW3)


def _at_least(sums: int, k: int) -> int:
    """Bit 0 of the first byte of each village whose sum (0-7) is at least k (1-8)."""
    return (sums + (8 - k) * _FIRST) >> 3 & _FIRST


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


def _setup_spaces(packed: PositionParts) -> int:
    """The set-up placements of the player to move: byte i of the result is 1 where a master
    may be placed on space i (a type not placed yet, a free space, the village's caps)."""
    players, turn, _, cells, _, stones, supply, _, _, _ = packed
    colour = players[turn]
    board = int.from_bytes(cells.translate(_CODE_BYTES[colour]), "little")
    open_spaces, open_villages = _OPEN.get(stones) or _open_masks(stones)
    empty = board & open_spaces
    mine = board >> 1 & open_spaces
    # _at_least(_village_sums(empty), 8 - most tiles) and not _at_least(_village_sums(mine),
    # most of one colour), inline
    free_enough, own_too_many = _SETUP_CAP_ADDS[len(players)]
    villages = (
        ((empty * _SEVEN >> 48 & _FIRST_LOW3) + free_enough >> 3)
        & ~((mine * _SEVEN >> 48 & _FIRST_LOW3) + own_too_many >> 3)
        & open_villages
    )
    unplaced = _ALL_VILLAGES[supply[colour * 7 : colour * 7 + 7].translate(_UNPLACED)]
    return empty & villages * _SEVEN & unplaced


#: By the number of players: what :func:`_at_least` adds to the sums of empty spaces (at
#: least 8 - the most tiles in all) and of own tiles (at least the most of one colour).
_SETUP_CAP_ADDS: Final = {
    n: (setup_caps(n)[1] * _FIRST, (8 - setup_caps(n)[0]) * _FIRST) for n in (3, 4)
}


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
                f"weights: unknown kind {excerpt(kind)}: expected {', '.join(WEIGHTED_KINDS)}"
            )
        if isinstance(weight, bool) or not isinstance(weight, (int, float)):
            raise TypeError(f"weights[{kind}]: expected a number, got {excerpt(weight)}")
        if not 0 <= weight < float("inf"):
            raise ShangrilaError(
                f"weights[{kind}]: expected a number of at least 0, got {excerpt(weight)}"
            )
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
    >>> from shangrila_widget.rules import Position
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


# ----------------------------------------------------------------------------- checking


def check_position(pos: object) -> None:
    """Raise :class:`TypeError` unless ``pos`` is a :class:`Position`."""
    if not isinstance(pos, Position):
        raise TypeError(f"expected a Position, got {excerpt(pos)}")


def _as_action(action: Action | str) -> Action:
    if isinstance(action, str):
        return parse_action(action)
    if not isinstance(action, (Place, Recruit, Journey, Pass)):
        raise TypeError(
            f"expected an action or its text (like 'journey A B'), got {excerpt(action)}"
        )
    return action


def _check_player(player: object, packed: PositionParts) -> None:
    if not isinstance(player, str):
        raise TypeError(f"player: expected a colour name or None, got {excerpt(player)}")
    if player not in COLOUR_INDEX or COLOUR_INDEX[player] not in packed.players:
        raise ShangrilaError(f"player: {excerpt(player)} is not a player of this game")


def check(pos: Position, action: Action | str, player: str | None = None) -> Refusal | None:
    """None if the player to move may play ``action``, else the refusal with its rule id.

    ``player`` (a colour) names who tries it; anyone but the player to move is refused with
    ``TURN-ORDER``. A text action is parsed first (:class:`ActionParseError` if malformed).

    >>> from shangrila_widget.rules import Position
    >>> pos = Position.new_game(["red", "blue", "yellow", "violet"])
    >>> check(pos, "place healer A") is None
    True
    >>> check(pos, "place healer A", player="blue").rule
    'TURN-ORDER'
    """
    check_position(pos)
    action = _as_action(action)
    packed = pos.packed
    colour_name = COLOURS[packed.players[packed.turn]]
    if player is not None and player != colour_name:
        _check_player(player, packed)
        return Refusal("TURN-ORDER", "not_your_turn", {"player": player, "to_move": colour_name})
    if packed.phase == OVER:
        return Refusal("END", "game_over", {})
    if isinstance(action, Pass):
        return _check_pass(pos)
    return next(_conditions(packed, action, packed.players[packed.turn], packed.phase), None)


def action_conditions(
    pos: Position, action: Action | str, player: str | None = None
) -> Iterator[Refusal]:
    """Every condition of a placement, recruit or journey that fails, each as the refusal
    :func:`check` would give for it, in the order :func:`check` tests them (the first of
    them is its refusal). A rule may fail more than once (once per student, say).

    The conditions are those of ``player`` (default: the player to move) as if it were
    their turn; in a finished game they are judged as in the play phase. Whose turn it is,
    the end of the game and passing are :func:`check`'s own (see also
    :func:`~shangrila_widget.rules.ruling.failing_conditions`).

    >>> from shangrila_widget.rules import Position
    >>> pos = Position.new_game(["red", "blue", "yellow"])
    >>> tuple(r.rule for r in action_conditions(pos, "recruit healer C"))
    ('SETUP-ORDER', 'SETUP-THREE', 'RECRUIT-OWN')
    """
    check_position(pos)
    action = _as_action(action)
    packed = pos.packed
    if player is None:
        colour = packed.players[packed.turn]
    else:
        _check_player(player, packed)
        colour = COLOUR_INDEX[player]
    if isinstance(action, Pass):
        raise ShangrilaError("action_conditions: a pass has no conditions of its own")
    return _conditions(packed, action, colour, PLAY if packed.phase == OVER else packed.phase)


def _conditions(
    packed: PositionParts, action: Place | Recruit | Journey, colour: int, phase: int
) -> Iterator[Refusal]:
    if isinstance(action, Place):
        return _place_conditions(packed, action, colour, phase)
    if isinstance(action, Recruit):
        return _recruit_conditions(packed, action, colour, phase)
    return _journey_conditions(packed, action, colour, phase)


def _village_closed(packed: PositionParts, village: str) -> Refusal | None:
    """SETUP-THREE for the out-of-play village, PEACE for a village with a stone."""
    v = VILLAGE_INDEX[village]
    if len(packed.players) == 3 and v == _C:
        return Refusal("SETUP-THREE", "out_of_play", {"village": village})
    if packed.stones >> v & 1:
        return Refusal("PEACE", "at_peace", {"village": village})
    return None


def _place_conditions(
    packed: PositionParts, action: Place, colour: int, phase: int
) -> Iterator[Refusal]:
    player = COLOURS[colour]
    t = action.slot % 7
    params = {"player": player, "type": action.type, "village": action.village}
    closed = _village_closed(packed, action.village)
    if closed:
        yield closed
    row = packed.cells[action.slot - t : action.slot - t + 7]
    occupant = row[t]
    taken = {**params, "owner": COLOURS[(occupant - 1) % 4]} if occupant else params
    if phase == SETUP:
        if packed.supply[colour * 7 + t] < TILES_PER_TYPE:
            yield Refusal("SETUP-ONE-OF-EACH", "setup_type_used", params)
        if occupant:
            yield Refusal("SETUP-SPACE", "space_taken", taken)
        max_colour, max_total = setup_caps(len(packed.players))
        if row.count(colour + 1) >= max_colour:
            yield Refusal("SETUP-CAP", "setup_cap_colour", {**params, "limit": max_colour})
        if 7 - row.count(0) >= max_total:
            yield Refusal("SETUP-CAP", "setup_cap_total", {**params, "limit": max_total})
        return
    if not packed.supply[colour * 7 + t]:
        yield Refusal("PLACE-SUPPLY", "no_supply", params)
    if colour + 1 not in row and colour + 1 + STUDENT_OFFSET not in row:
        yield Refusal("PLACE-PRESENCE", "no_presence", params)
    if occupant:
        yield Refusal("PLACE-SPACE", "space_taken", taken)


def _recruit_conditions(
    packed: PositionParts, action: Recruit, colour: int, phase: int
) -> Iterator[Refusal]:
    player = COLOURS[colour]
    if phase == SETUP:
        yield Refusal("SETUP-ORDER", "setup_only_place", {"player": player})
    count = len(action.slots)
    if not 1 <= count <= 2:
        yield Refusal("RECRUIT-COUNT", "recruit_count", {"player": player, "count": count})
    if count == 2 and action.slots[0] == action.slots[1]:
        master_type, village = action.students[0]
        yield Refusal(
            "RECRUIT-ONE-PER-MASTER",
            "same_master_twice",
            {"player": player, "type": master_type, "village": village},
        )
    for (master_type, village), slot in zip(action.students, action.slots):
        params = {"player": player, "type": master_type, "village": village}
        closed = _village_closed(packed, village)
        if closed:
            yield closed
        code = packed.cells[slot]
        if code == 0:
            yield Refusal("RECRUIT-OWN", "no_master_here", params)
        elif (code - 1) % 4 != colour:
            yield Refusal(
                "RECRUIT-OWN", "not_own_master", {**params, "owner": COLOURS[(code - 1) % 4]}
            )
        elif code > STUDENT_OFFSET:
            yield Refusal("RECRUIT-ONE-PER-MASTER", "master_has_student", params)
    for master_type in dict.fromkeys(t for t, _ in action.students):
        needed = sum(1 for t, _ in action.students if t == master_type)
        have = packed.supply[colour * 7 + MASTER_TYPES.index(master_type)]
        if have < needed:
            yield Refusal(
                "RECRUIT-SUPPLY",
                "recruit_supply",
                {"player": player, "type": master_type, "have": have, "needed": needed},
            )


def _journey_conditions(
    packed: PositionParts, action: Journey, colour: int, phase: int
) -> Iterator[Refusal]:
    player = COLOURS[colour]
    params = {"player": player, "origin": action.origin, "destination": action.destination}
    if phase == SETUP:
        yield Refusal("SETUP-ORDER", "setup_only_place", {"player": player})
    same = action.origin == action.destination
    if same:
        yield Refusal("JOURNEY-BRIDGE", "same_village", params)
    for village in dict.fromkeys((action.origin, action.destination)):
        closed = _village_closed(packed, village)
        if closed:
            yield closed
    bridge = BRIDGE_INDEX.get((action.origin, action.destination))
    if bridge is None and not same:
        yield Refusal("JOURNEY-BRIDGE", "not_neighbours", params)
    elif bridge is not None and not packed.bridges >> bridge & 1:
        yield Refusal("JOURNEY-BRIDGE", "bridge_gone", params)
    base = VILLAGE_INDEX[action.origin] * 7
    if colour + 1 + STUDENT_OFFSET not in packed.cells[base : base + 7]:
        yield Refusal("JOURNEY-START", "no_student", params)


def _check_pass(pos: Position) -> Refusal | None:
    actions = legal_actions(pos)
    if actions == [PASS]:
        return None
    packed = pos.packed
    rule = "SETUP-STUCK" if packed.phase == SETUP else "TURN-PASS"
    return Refusal(
        rule,
        "cannot_pass",
        {
            "player": COLOURS[packed.players[packed.turn]],
            "count": len(actions),
            "example": str(actions[0]),
        },
    )


# ----------------------------------------------------------------------------- playing


def play(pos: Position, action: Action | str, player: str | None = None) -> Outcome:
    """Play ``action`` for the player to move; raise :class:`IllegalActionError` if refused.

    >>> from shangrila_widget.rules import Position
    >>> outcome = play(Position.new_game(["red", "blue", "yellow"]), "place H A")
    >>> outcome.position.to_move, [e.rule for e in outcome.events]
    ('blue', ['SETUP-SPACE'])
    """
    check_position(pos)
    action = _as_action(action)
    refusal = check(pos, action, player)
    if refusal is not None:
        raise IllegalActionError(refusal)
    return Outcome(pos, action, apply_unchecked(pos, action))


def apply_unchecked(pos: Position, action: Action) -> Position:
    """The position after ``action``, which must be legal (taken from :func:`legal_actions`).

    No check and no explanation: the fast path for simulations. An illegal action gives a
    meaningless position; use :func:`play` for anything a person typed.
    """
    players, turn, phase, cells, bridges, stones, supply, setup_turns, passed, end_eleven = (
        pos.packed
    )
    colour = players[turn]
    turn += 1
    if turn == len(players):
        turn = 0
    kind = action.__class__
    if kind is Place or (kind is not Recruit and kind is not Journey and isinstance(action, Place)):
        slot: int = action.slot  # type: ignore[union-attr]
        s = colour * 7 + slot % 7
        cells = cells[:slot] + _BYTE[colour + 1] + cells[slot + 1 :]
        supply = supply[:s] + _BYTE[supply[s] - 1] + supply[s + 1 :]
        if phase == SETUP:
            setup_turns += 1
            if setup_turns == 7 * len(players):
                phase = PLAY
        passed = 0
    elif kind is Recruit or isinstance(action, Recruit):
        new_cells = bytearray(cells)
        new_supply = bytearray(supply)
        for slot in action.slots:  # type: ignore[union-attr]
            new_cells[slot] += STUDENT_OFFSET
            new_supply[colour * 7 + slot % 7] -= 1
        cells = bytes(new_cells)
        supply = bytes(new_supply)
        passed = 0
    elif kind is Journey or isinstance(action, Journey):
        origin, destination, bridge = action.ends  # type: ignore[union-attr]
        # resolve_journey without its log, on the two villages' rows
        o_base = origin * 7
        d_base = destination * 7
        o_row = cells[o_base : o_base + 7]
        d_row = cells[d_base : d_base + 7]
        o_strength = sum(o_row.translate(_STRENGTH_BYTES))
        d_strength = sum(d_row.translate(_STRENGTH_BYTES))
        origin_wins = o_strength > d_strength or (
            o_strength == d_strength and o_row.count(0) < d_row.count(0)
        )
        new_cells = bytearray(cells)
        new_supply = bytearray(supply)
        for t, code in enumerate(o_row):
            if code <= STUDENT_OFFSET:
                continue
            traveller = code - 1 - STUDENT_OFFSET
            new_cells[o_base + t] = code - STUDENT_OFFSET
            there = d_row[t]
            if there == 0:
                new_cells[d_base + t] = traveller + 1
            elif not origin_wins:
                new_supply[traveller * 7 + t] += 1
            elif (there - 1) % 4 == traveller:
                if there <= STUDENT_OFFSET:
                    new_cells[d_base + t] = there + STUDENT_OFFSET
                else:
                    new_supply[traveller * 7 + t] += 1
            else:
                new_supply[(there - 1) % 4 * 7 + t] += _STRENGTH[there]
                new_cells[d_base + t] = traveller + 1
        cells = bytes(new_cells)
        supply = bytes(new_supply)
        bridges &= ~(1 << bridge)
        if (
            not bridges & VILLAGE_BRIDGE_MASK[origin]
            or not bridges & VILLAGE_BRIDGE_MASK[destination]
        ):
            stones = _place_stones(bridges, stones, origin, destination)
        if _is_end(bridges, stones, end_eleven):
            phase = OVER
        passed = 0
    elif phase == SETUP:  # a pass
        setup_turns += 1
        if setup_turns == 7 * len(players):
            phase = PLAY
        passed = 0
    else:
        passed += 1
        if passed == len(players):
            phase = OVER
    new = _new_position(pos.__class__)
    _set_packed(
        new,
        _new_parts(
            PositionParts,
            (players, turn, phase, cells, bridges, stones, supply, setup_turns, passed, end_eleven),
        ),
    )
    return new


def origin_is_stronger(
    cells: bytes | bytearray | list[int], origin: int, destination: int
) -> tuple[bool, str]:
    """Who is stronger before anything moves, and by which rule (``JOURNEY-STRENGTH``,
    ``JOURNEY-TIE-MASTERS`` or ``JOURNEY-TIE-DEFENDER``)."""
    o_row = cells[origin * 7 : origin * 7 + 7]
    d_row = cells[destination * 7 : destination * 7 + 7]
    strength = _STRENGTH.__getitem__
    o_strength = sum(map(strength, o_row))
    d_strength = sum(map(strength, d_row))
    if o_strength != d_strength:
        return o_strength > d_strength, "JOURNEY-STRENGTH"
    o_masters = 7 - o_row.count(0)
    d_masters = 7 - d_row.count(0)
    if o_masters != d_masters:
        return o_masters > d_masters, "JOURNEY-TIE-MASTERS"
    return False, "JOURNEY-TIE-DEFENDER"


def resolve_journey(
    cells: bytearray | list[int],
    supply: bytearray | list[int],
    origin: int,
    destination: int,
    log: list[tuple[str, int, int, int]] | None,
) -> None:
    """Move every student of ``origin`` into ``destination`` in place (cells and supply).

    With ``log`` given, appends (rule, traveller colour, type, displaced colour or -1).
    """
    origin_wins = origin_is_stronger(cells, origin, destination)[0]
    o_base = origin * 7
    d_base = destination * 7
    for t in range(7):
        code = cells[o_base + t]
        if code <= STUDENT_OFFSET:
            continue
        traveller = code - 1 - STUDENT_OFFSET
        cells[o_base + t] = code - STUDENT_OFFSET
        there = cells[d_base + t]
        if there == 0:
            cells[d_base + t] = traveller + 1
            rule, displaced = "J-EMPTY", -1
        elif not origin_wins:
            supply[traveller * 7 + t] += 1
            rule, displaced = "J2-OCCUPIED", (there - 1) % 4
        elif (there - 1) % 4 == traveller:
            if there <= STUDENT_OFFSET:
                cells[d_base + t] = there + STUDENT_OFFSET
                rule, displaced = "J1-OWN", -1
            else:
                supply[traveller * 7 + t] += 1
                rule, displaced = "J1-OWN-FULL", -1
        else:
            displaced = (there - 1) % 4
            supply[displaced * 7 + t] += _STRENGTH[there]
            cells[d_base + t] = traveller + 1
            rule = "J1-OTHER"
        if log is not None:
            log.append((rule, traveller, t, displaced))


def _place_stones(bridges: int, stones: int, origin: int, destination: int) -> int:
    for v in (origin, destination):
        if not bridges & VILLAGE_BRIDGE_MASK[v] and stones.bit_count() < STONES_IN_BOX:
            stones |= 1 << v
    return stones


def _is_end(bridges: int, stones: int, end_eleven: bool) -> bool:
    return bridges == 0 or (end_eleven and stones.bit_count() >= STONES_IN_BOX - 1)


# ----------------------------------------------------------------------------- scoring


def scores(pos: Position) -> dict[Colour, tuple[int, int]]:
    """Each player's (masters on the board, villages with one of their masters).

    >>> from shangrila_widget.rules import Position
    >>> scores(Position.new_game(["red", "blue", "yellow"]))["red"]
    (0, 0)
    """
    check_position(pos)
    return {colour: (pos.masters_of(colour), pos.villages_of(colour)) for colour in pos.players}


def leaders(pos: Position) -> tuple[Colour, ...]:
    """The leader(s) by masters, then villages (``SCORE``, ``SCORE-TIE``), in seating order,
    at any time of the game; at its end these are the winners."""
    table = scores(pos)
    best = max(table.values())
    return tuple(c for c, score in table.items() if score == best)


def winners(pos: Position) -> tuple[Colour, ...]:
    """The winner(s) of a finished game (:func:`leaders` at its end); ``()`` before the end.

    >>> from shangrila_widget.rules import Position
    >>> winners(Position.new_game(["red", "blue", "yellow"]))
    ()
    """
    check_position(pos)
    return leaders(pos) if pos.is_over else ()
