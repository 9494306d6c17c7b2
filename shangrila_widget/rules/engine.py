"""The referee: which actions are legal, why others are refused, and playing one.

The entry points, all pure functions of a :class:`Position`:

- :func:`legal_actions` lists every concrete legal action of the player to move;
- :func:`random_action` draws one of them without listing them, uniformly or by weights per
  kind of action, for playouts (it lives in :mod:`~shangrila_widget.rules.sampling`, the
  byte masks both read in :mod:`~shangrila_widget.rules.spaces`);
- :func:`check` returns None for a legal action, else a :class:`Refusal` naming its rule id;
- :func:`play` returns an :class:`Outcome` (the new position; its events, with rule ids, are
  worked out only when read, so that playing costs nothing for explanations nobody reads);
  what an action does is worked out in :mod:`~shangrila_widget.rules.applying`, whose
  unchecked fast path :func:`apply_unchecked` this module names too.

>>> from shangrila_widget.rules import Position
>>> pos = Position.new_game(["red", "blue", "yellow", "violet"])
>>> len(legal_actions(pos))  # 13 villages x 7 types
91
>>> check(pos, "recruit healer A").rule
'SETUP-ORDER'
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, compress

from shangrila_widget.rules.actions import (
    PASS,
    PLACE_BY_SLOT,
    Action,
    Journey,
    Pass,
    Place,
    Recruit,
)
from shangrila_widget.rules.actions import as_action as _as_action
from shangrila_widget.rules.applying import apply_unchecked as apply_unchecked
from shangrila_widget.rules.applying import origin_is_stronger as origin_is_stronger
from shangrila_widget.rules.applying import resolve_journey as resolve_journey
from shangrila_widget.rules.board import (
    BRIDGE_INDEX,
    COLOUR_INDEX,
    COLOURS,
    MASTER_TYPES,
    TILES_PER_TYPE,
    VILLAGE_BRIDGE_MASK,
    VILLAGE_INDEX,
    Colour,
)
from shangrila_widget.rules.codes import C_INDEX as _C
from shangrila_widget.rules.codes import OVER, PLAY, SETUP, STUDENT_OFFSET, setup_caps
from shangrila_widget.rules.errors import IllegalActionError, ShangrilaError, excerpt
from shangrila_widget.rules.messages import problem
from shangrila_widget.rules.position import Position, PositionParts, check_position
from shangrila_widget.rules.results import Outcome, Refusal
from shangrila_widget.rules.sampling import WEIGHTED_KINDS as WEIGHTED_KINDS
from shangrila_widget.rules.sampling import random_action as random_action
from shangrila_widget.rules.spaces import ALL_VILLAGES as _ALL_VILLAGES
from shangrila_widget.rules.spaces import CODE_BYTES as _CODE_BYTES
from shangrila_widget.rules.spaces import FIRST as _FIRST
from shangrila_widget.rules.spaces import FIRST_LOW3 as _FIRST_LOW3
from shangrila_widget.rules.spaces import FIRST_SEVEN as _FIRST_SEVEN
from shangrila_widget.rules.spaces import HAS_TILES as _HAS_TILES
from shangrila_widget.rules.spaces import IS_ONE as _IS_ONE
from shangrila_widget.rules.spaces import JOURNEYS_BY_BRIDGES as _JOURNEYS_BY_BRIDGES
from shangrila_widget.rules.spaces import NUMBER_TYPE as _NUMBER_TYPE
from shangrila_widget.rules.spaces import OPEN_BY_STONES as _OPEN
from shangrila_widget.rules.spaces import PLACE_BY_NUMBER as _PLACE_BY_NUMBER
from shangrila_widget.rules.spaces import RECRUIT_ONE_BY_NUMBER as _RECRUIT_ONE_BY_NUMBER
from shangrila_widget.rules.spaces import RECRUIT_TWO as _RECRUIT_TWO
from shangrila_widget.rules.spaces import SEVEN as _SEVEN
from shangrila_widget.rules.spaces import SPACES as _SPACES
from shangrila_widget.rules.spaces import open_masks as _open_masks
from shangrila_widget.rules.spaces import pairs_of_one_type as _pairs_of_one_type
from shangrila_widget.rules.spaces import setup_spaces as _setup_spaces
from shangrila_widget.rules.spaces import space_numbers as _numbers

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


# ----------------------------------------------------------------------------- checking


def _check_player(player: object, packed: PositionParts) -> None:
    if not isinstance(player, str):
        raise TypeError(f"player: expected a colour name or None, got {excerpt(player)}")
    if player not in COLOUR_INDEX or COLOUR_INDEX[player] not in packed.players:
        raise ShangrilaError(problem("player_not_in_game", value=excerpt(player)))


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
        raise ShangrilaError(problem("pass_conditions"))
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
