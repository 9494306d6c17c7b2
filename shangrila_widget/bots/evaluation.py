"""The bots' evaluation: what a position is worth to each seat, and the ``easy`` bot's move.

Everything works on the engine's fast path (:func:`legal_actions` and
:func:`apply_unchecked`) and reads positions through ``pos.packed`` (their parts, read-only,
in the codes of :mod:`~shangrila_widget.rules.codes`).

- :func:`features` counts each seat's masters, students and villages in one pass;
- :func:`win_chances` turns those counts into a win chance per seat (exact at the end),
  by a model fitted to self-play (``data/chances.json``, ``benchmarks/fit_chances.py``);
  :func:`action_chances` gives the mover's chance after each of a list of actions;
- :func:`action_score` (and :func:`action_scores`, the same numbers for many actions at
  once) is the one-move heuristic, and :func:`greedy_action` the ``easy`` bot's move by it;
- the playout policies that end in this evaluation are in
  :mod:`~shangrila_widget.bots.playouts`, the search (max^n UCT) is
  :class:`~shangrila_widget.bots.tree.Search`, and the thinking API that every caller uses
  is :mod:`~shangrila_widget.bots.thinking`.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Sequence
from importlib import resources
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final

from shangrila_widget.rules.actions import Action, Journey, Place, Recruit
from shangrila_widget.rules.board import BRIDGES, VILLAGE_INDEX
from shangrila_widget.rules.codes import OVER, SETUP, STUDENT_OFFSET
from shangrila_widget.rules.engine import apply_unchecked, legal_actions

if TYPE_CHECKING:
    from shangrila_widget.rules.position import Position, PositionParts

_VILLAGE_OF: Final = tuple(i // 7 for i in range(91))
_BRIDGE_ENDS: Final = tuple((VILLAGE_INDEX[a], VILLAGE_INDEX[b]) for a, b in BRIDGES)
#: Every bridge both ways: (bridge number, origin village, destination village).
_DIRECTIONS: Final = tuple(
    (b, o, d) for b, (v, w) in enumerate(_BRIDGE_ENDS) for o, d in ((v, w), (w, v))
)
#: ``_BYTE[n]``: the one byte n.
_BYTE: Final = tuple(bytes((n,)) for n in range(256))

#: Weights of the one-move heuristic: a master is worth 1, a village held adds a little
#: (the tie-break, and a foothold to place more), a student is most of a master to come.
W_VILLAGE: Final = 0.3
W_STUDENT: Final = 0.45


def features(cells: Sequence[int]) -> tuple[list[int], list[int], list[int]]:
    """Per colour index 0-3: (masters, students, bit mask of villages with a master)."""
    masters = [0, 0, 0, 0]
    students = [0, 0, 0, 0]
    villages = [0, 0, 0, 0]
    village_of = _VILLAGE_OF
    for i, code in enumerate(cells):
        if code:
            colour = (code - 1) & 3
            masters[colour] += 1
            if code > STUDENT_OFFSET:
                students[colour] += 1
            villages[colour] |= 1 << village_of[i]
    return masters, students, villages


def final_shares(pos: Position) -> list[float]:
    """Per seat: 1/k for each of the k winners (``SCORE``, ``SCORE-TIE``), else 0."""
    packed = pos.packed
    masters, _, villages = features(packed.cells)
    keys = [(masters[c], villages[c].bit_count()) for c in packed.players]
    best = max(keys)
    winners = keys.count(best)
    return [1.0 / winners if k == best else 0.0 for k in keys]


#: Per cell code: the tile's strength (0-2) plus 16 for a master, so that a village's sum is
#: strength + 16 * masters (strength at most 14 fits below 16).
_POWER: Final = bytes(([0] + [17] * 4 + [18] * 4 + [0] * 247)[:256])
W_THREAT: Final = 0.6
W_CHANCE: Final = 0.35


def threat_masks(pos: Position) -> tuple[list[int], list[int]]:
    """Per colour index: (bit mask of the cells, village * 7 + type, of the colour's masters
    that some journey open now could take away, the most spaces one journey the colour can
    start could win for it).

    A journey from v to w with v the stronger takes every master in w whose space meets a
    student of another colour; into an empty space any traveller becomes a master.
    """
    packed = pos.packed
    cells = packed.cells
    return _pressure(cells, packed.bridges, packed.stones, *_all_village_facts(cells))


def _all_village_facts(cells: bytes) -> tuple[list[int], list[list[tuple[int, int]]]]:
    """Every village's :func:`_village_facts`: (mights, travellers), by village."""
    facts = [_village_facts(cells, v) for v in range(13)]
    return [f[0] for f in facts], [f[1] for f in facts]


def _village_facts(cells: bytes, v: int) -> tuple[int, list[tuple[int, int]]]:
    """Village v's (strength, masters) as one number (masters break a tie of strength) and
    its students as (type, colour) pairs."""
    row = cells[v * 7 : v * 7 + 7]
    total = sum(row.translate(_POWER))  # strength + 16 * masters
    might = (total & 15) * 16 + (total >> 4)
    if max(row) <= STUDENT_OFFSET:
        return might, []
    return might, [(t, (code - 1) & 3) for t, code in enumerate(row) if code > STUDENT_OFFSET]


def _pressure(
    cells: bytes,
    bridges: int,
    stones: int,
    might: list[int],
    travellers: list[list[tuple[int, int]]],
) -> tuple[list[int], list[int]]:
    """:func:`threat_masks` from the villages' facts (:func:`_village_facts`).

    The loop body is :func:`_direction_part` written inline (calling it here made
    ``win_chances`` 1.33 times as slow): change the two together."""
    threatened = [0, 0, 0, 0]
    chance = [0, 0, 0, 0]
    for b, o, d in _DIRECTIONS:
        moving = travellers[o]
        if not moving or not bridges >> b & 1 or stones >> o & 1 or stones >> d & 1:
            continue
        base = d * 7
        origin_wins = might[o] > might[d]
        gains = [0, 0, 0, 0]
        for t, c in moving:
            there = cells[base + t]
            if not there:
                gains[c] += 1
            elif origin_wins and (there - 1) & 3 != c:
                gains[c] += 1
                threatened[(there - 1) & 3] |= 1 << (base + t)
        for _, c in moving:
            if gains[c] > chance[c]:
                chance[c] = gains[c]
    return threatened, chance


def journey_pressure(pos: Position) -> tuple[list[int], list[int]]:
    """Per colour index: (how many masters a journey open now could take away, the most
    spaces one journey the colour can start could win for it); see :func:`threat_masks`."""
    threatened, chance = threat_masks(pos)
    return [m.bit_count() for m in threatened], chance


def strengths(pos: Position) -> list[float]:
    """Per seat: the heuristic worth of the seat's tiles (masters, students, villages) and of
    the journeys open now (masters exposed to one, spaces one of its own could win)."""
    packed = pos.packed
    masters, students, villages = features(packed.cells)
    threatened, chance = journey_pressure(pos)
    return [
        masters[c]
        + W_STUDENT * students[c]
        + W_VILLAGE * villages[c].bit_count()
        - W_THREAT * threatened[c]
        + W_CHANCE * chance[c]
        for c in packed.players
    ]


def win_chances(pos: Position) -> list[float]:
    """Per seat, in seat order, the chance to win: exact shares once the game is over
    (:func:`final_shares`), else the fitted model of ``data/chances.json`` (see
    :data:`CHANCE_FEATURES`): a softmax over the seats of a linear score of each seat's
    features, with weights that depend on the seat's place in the turn order after the player
    to move and on how far the game has gone.

    >>> from shangrila_widget.rules import Position
    >>> chances = win_chances(Position.new_game(["red", "blue", "yellow", "violet"]))
    >>> round(sum(chances), 9), len(chances), all(0.2 < p < 0.3 for p in chances)
    (1.0, 4, True)
    """
    packed = pos.packed
    if packed.phase == OVER:
        return final_shares(pos)
    masters, students, villages = features(packed.cells)
    threatened, chance = threat_masks(pos)
    exps = _exps(
        packed.players,
        packed.turn,
        _weights(packed),
        masters,
        students,
        villages,
        [m.bit_count() for m in threatened],
        chance,
    )
    total = sum(exps)
    return [e / total for e in exps]


#: The per-seat features of the fitted model, in the order of its weights (then a constant):
#: masters on the board, students, villages with one of the seat's masters, the seat's
#: masters that a journey open now could take away, and the most spaces one journey the
#: seat can start could win (:func:`journey_pressure`).
CHANCE_FEATURES: Final = ("masters", "students", "villages", "threatened", "journey_gain")

#: The progress terms each phase's weights are a polynomial of: during the set-up ``s``, the
#: set-up turns taken over 7 n; during play ``g``, the bridges gone over the bridges at the
#: start (23, or 20 with three players).
CHANCE_PROGRESS: Final = MappingProxyType({"setup": ("1", "s"), "play": ("1", "g", "g^2")})

_START_BRIDGES: Final = MappingProxyType({3: 20, 4: 23})

#: Per seat's place after the player to move: the weights of :data:`CHANCE_FEATURES` and
#: the constant.
_Weights = tuple[tuple[float, float, float, float, float, float], ...]


def _model_tables(
    model: dict[str, Any],
) -> dict[int, tuple[tuple[_Weights, ...], tuple[_Weights, ...]]]:
    """Per player count: the weights for each set-up turn taken (0 to 7 n) and for each
    number of bridges left (0 to 23), worked out once from the data file's polynomials."""
    if tuple(model["features"]) != (*CHANCE_FEATURES, "constant"):
        raise ValueError("data/chances.json: unexpected features")
    if {k: tuple(v) for k, v in model["progress"].items()} != dict(CHANCE_PROGRESS):
        raise ValueError("data/chances.json: unexpected progress terms")
    tables = {}
    for n in (3, 4):
        weights = model["weights"][str(n)]
        setup = tuple(
            _weights_at(weights["setup"], (1.0, min(1.0, i / (7 * n))), n) for i in range(7 * n + 1)
        )
        start = _START_BRIDGES[n]
        play = []
        for left in range(len(BRIDGES) + 1):
            g = max(0.0, 1.0 - left / start)
            play.append(_weights_at(weights["play"], (1.0, g, g * g), n))
        tables[n] = (setup, tuple(play))
    return tables


def _weights_at(rows: list[list[list[float]]], terms: tuple[float, ...], n: int) -> _Weights:
    """The weights, per place, at one stage: ``rows[term][place][feature]`` summed over the
    terms with the stage's values of them."""
    result = []
    for place in range(n):
        w = [sum(t * rows[j][place][k] for j, t in enumerate(terms)) for k in range(6)]
        result.append((w[0], w[1], w[2], w[3], w[4], w[5]))
    return tuple(result)


def _load_model() -> dict[str, Any]:
    text = resources.files("shangrila_widget").joinpath("data/chances.json").read_text("utf-8")
    model: dict[str, Any] = json.loads(text)
    return model


#: The fitted win-chance model as the data file gives it (``benchmarks/fit_chances.py``
#: writes it), and its weights worked out for every stage of the game.
CHANCE_MODEL: Final = MappingProxyType(_load_model())
_TABLES = _model_tables(dict(CHANCE_MODEL))


def _weights(packed: PositionParts) -> _Weights:
    """The model's weights for a position that is not over (its player count and stage)."""
    setup, play = _TABLES[len(packed.players)]
    if packed.phase == SETUP:
        return setup[min(packed.setup_turns, len(setup) - 1)]
    return play[packed.bridges.bit_count()]


def _exps(
    players: tuple[int, ...],
    turn: int,
    weights: _Weights,
    masters: list[int],
    students: list[int],
    villages: list[int],
    threatened: list[int],
    chance: list[int],
) -> list[float]:
    """Per seat, e to the model's score, from the features by colour index (``villages`` as
    bit masks, ``threatened`` as counts), ``turn`` the seat to move; the chances are these
    over their sum. (The scores stay far inside what ``exp`` can take: counts below 100 times
    weights of a few units.)"""
    n = len(players)
    exp = math.exp
    exps = []
    for seat, c in enumerate(players):
        wm, ws, wv, wt, wc, constant = weights[(seat - turn) % n]
        exps.append(
            exp(
                wm * masters[c]
                + ws * students[c]
                + wv * villages[c].bit_count()
                + wt * threatened[c]
                + wc * chance[c]
                + constant
            )
        )
    return exps


#: Per village: the indices in :data:`_DIRECTIONS` of the journeys from or into it.
_TOUCHING: Final = tuple(
    frozenset(k for k, (_, o, d) in enumerate(_DIRECTIONS) if v in (o, d)) for v in range(13)
)

#: One journey direction's part of :func:`_pressure`: (threatened masks, gains) by colour.
_Part = tuple[tuple[int, int, int, int], tuple[int, int, int, int]]


def _direction_part(
    cells: bytes,
    bridges: int,
    stones: int,
    might: list[int],
    travellers: list[list[tuple[int, int]]],
    k: int,
) -> _Part | None:
    """What the journey of direction ``k`` adds to :func:`_pressure` (None: it is closed or
    has no traveller); :func:`_pressure` has the same lines inline, for speed."""
    b, o, d = _DIRECTIONS[k]
    moving = travellers[o]
    if not moving or not bridges >> b & 1 or stones >> o & 1 or stones >> d & 1:
        return None
    base = d * 7
    origin_wins = might[o] > might[d]
    gains = [0, 0, 0, 0]
    threatened = [0, 0, 0, 0]
    for t, c in moving:
        there = cells[base + t]
        if not there:
            gains[c] += 1
        elif origin_wins and (there - 1) & 3 != c:
            gains[c] += 1
            threatened[(there - 1) & 3] |= 1 << (base + t)
    return (
        (threatened[0], threatened[1], threatened[2], threatened[3]),
        (gains[0], gains[1], gains[2], gains[3]),
    )


class _PressureAfter:
    """:func:`_pressure` after each of many placements or recruits from one position,
    looking again only at the journeys from or into the villages an action changes: the
    other directions' parts are combined once per set of changed villages (the threatened
    masks or-ed, the gains' maximum), so the answers are :func:`_pressure`'s exactly."""

    def __init__(
        self,
        cells: bytes,
        master_code: bytes,
        bridges: int,
        stones: int,
        might: list[int],
        travellers: list[list[tuple[int, int]]],
    ) -> None:
        self.cells = cells
        self.master_code = master_code
        self.bridges = bridges
        self.stones = stones
        self.might = might
        self.travellers = travellers
        self.parts = [
            (k, part)
            for k in range(len(_DIRECTIONS))
            for part in [_direction_part(cells, bridges, stones, might, travellers, k)]
            if part is not None
        ]
        self.rest: dict[tuple[int, ...], tuple[frozenset[int], list[int]]] = {}

    def _rest(self, changed: tuple[int, ...]) -> tuple[frozenset[int], list[int]]:
        """The directions touching ``changed`` and the combined parts of all the others:
        the four threatened masks, then the four gains' maxima."""
        found = self.rest.get(changed)
        if found is None:
            touching = frozenset().union(*(_TOUCHING[v] for v in changed))
            t0 = t1 = t2 = t3 = g0 = g1 = g2 = g3 = 0
            for k, ((m0, m1, m2, m3), (h0, h1, h2, h3)) in self.parts:
                if k in touching:
                    continue
                t0 |= m0
                t1 |= m1
                t2 |= m2
                t3 |= m3
                g0 = h0 if h0 > g0 else g0
                g1 = h1 if h1 > g1 else g1
                g2 = h2 if h2 > g2 else g2
                g3 = h3 if h3 > g3 else g3
            found = self.rest[changed] = (touching, [t0, t1, t2, t3, g0, g1, g2, g3])
        return found

    def replayed(self, after: PositionParts) -> tuple[list[int], list[int]]:
        """:func:`_pressure` of ``after``, the position after any action (a journey, a
        pass): the changed villages are those whose cells, bridges or stone changed."""
        cells, bridges, stones = self.cells, self.bridges, self.stones
        new_cells, new_bridges, new_stones = after.cells, after.bridges, after.stones
        changed_set = {
            v for v in range(13) if cells[v * 7 : v * 7 + 7] != new_cells[v * 7 : v * 7 + 7]
        }
        gone = bridges ^ new_bridges
        for b, (v, w) in enumerate(_BRIDGE_ENDS):
            if gone >> b & 1:
                changed_set.update((v, w))
        moved = stones ^ new_stones
        changed_set.update(v for v in range(13) if moved >> v & 1)
        changed = tuple(sorted(changed_set))
        new_might = self.might[:]
        new_travellers = self.travellers[:]
        for v in changed:
            new_might[v], new_travellers[v] = _village_facts(new_cells, v)
        return self._combined(
            changed, new_cells, new_bridges, new_stones, new_might, new_travellers
        )

    def _combined(
        self,
        changed: tuple[int, ...],
        after: bytes,
        bridges: int,
        stones: int,
        might: list[int],
        travellers: list[list[tuple[int, int]]],
    ) -> tuple[list[int], list[int]]:
        """The parts of the directions not touching ``changed`` with those touching it,
        looked at again in the position after (``after`` its cells)."""
        touching, rest = self._rest(changed)
        t0, t1, t2, t3, g0, g1, g2, g3 = rest
        for k in touching:
            part = _direction_part(after, bridges, stones, might, travellers, k)
            if part is None:
                continue
            (m0, m1, m2, m3), (h0, h1, h2, h3) = part
            t0 |= m0
            t1 |= m1
            t2 |= m2
            t3 |= m3
            g0 = h0 if h0 > g0 else g0
            g1 = h1 if h1 > g1 else g1
            g2 = h2 if h2 > g2 else g2
            g3 = h3 if h3 > g3 else g3
        return [t0, t1, t2, t3], [g0, g1, g2, g3]

    def __call__(self, action: Action) -> tuple[list[int], list[int]]:
        """:func:`_pressure` after a placement (of ``master_code``) or a recruit."""
        cells = self.cells
        changed: tuple[int, ...]
        if type(action) is Place:
            slot: int = action.slot
            after = cells[:slot] + self.master_code + cells[slot + 1 :]
            changed = (slot // 7,)
        else:
            slots: tuple[int, ...] = action.slots  # type: ignore[union-attr]
            after_cells = bytearray(cells)
            for s in slots:
                after_cells[s] += STUDENT_OFFSET
            after = bytes(after_cells)
            first, last = slots[0] // 7, slots[-1] // 7
            changed = (first,) if first == last else (min(first, last), max(first, last))
        new_might = self.might[:]
        new_travellers = self.travellers[:]
        for v in changed:
            new_might[v], new_travellers[v] = _village_facts(after, v)
        return self._combined(changed, after, self.bridges, self.stones, new_might, new_travellers)


def action_chances(pos: Position, actions: Sequence[Action]) -> list[float]:
    """The mover's :func:`win_chances` after each action (the same numbers), without
    replaying a placement or a recruit: only the villages it changes are looked at again.

    >>> from shangrila_widget.rules import Position, apply_unchecked, legal_actions
    >>> pos = Position.new_game(["red", "blue", "yellow"])
    >>> actions = legal_actions(pos)[:3]
    >>> action_chances(pos, actions) == [win_chances(apply_unchecked(pos, a))[0] for a in actions]
    True
    """
    packed = pos.packed
    cells = packed.cells
    seat = packed.turn
    players = packed.players
    n = len(players)
    colour = players[seat]
    bridges = packed.bridges
    stones = packed.stones
    next_turn = (seat + 1) % n
    setup, play = _TABLES[n]
    if packed.phase == SETUP:
        turns = packed.setup_turns + 1
        weights = play[bridges.bit_count()] if turns == 7 * n else setup[min(turns, 7 * n)]
    else:
        weights = play[bridges.bit_count()]
    masters, students, villages = features(cells)
    might, travellers = _all_village_facts(cells)
    pressure_after = _PressureAfter(cells, _BYTE[colour + 1], bridges, stones, might, travellers)
    chances: list[float] = []
    for action in actions:
        kind = type(action)
        new_masters, new_students, new_villages = masters, students, villages
        if kind is Place:
            v = action.slot // 7  # type: ignore[union-attr]
            new_masters = masters[:]
            new_masters[colour] += 1
            new_villages = villages[:]
            new_villages[colour] |= 1 << v
        elif kind is Recruit:
            new_students = students[:]
            new_students[colour] += len(action.slots)  # type: ignore[union-attr]
        else:
            chances.append(win_chances(apply_unchecked(pos, action))[seat])
            continue
        threatened, chance = pressure_after(action)
        exps = _exps(
            players,
            next_turn,
            weights,
            new_masters,
            new_students,
            new_villages,
            [m.bit_count() for m in threatened],
            chance,
        )
        chances.append(exps[seat] / sum(exps))
    return chances


def material(pos: Position) -> list[float]:
    """Per seat: the cheap part of :func:`strengths` (tiles only, no journeys)."""
    packed = pos.packed
    masters, students, villages = features(packed.cells)
    return [
        masters[c] + W_STUDENT * students[c] + W_VILLAGE * villages[c].bit_count()
        for c in packed.players
    ]


def action_score(pos: Position, action: Action, *, cheap: bool = False) -> float:
    """The one-move heuristic: the mover's worth after ``action`` minus the best rival's
    (by :func:`strengths`, or by :func:`material` when ``cheap``)."""
    return margin(apply_unchecked(pos, action), pos.packed.turn, cheap)


def margin(after: Position, seat: int, cheap: bool) -> float:
    """Seat's worth in ``after`` minus the best rival's (:func:`material` when ``cheap``, else
    :func:`strengths`)."""
    values = material(after) if cheap else strengths(after)
    mine = values.pop(seat)
    return mine - max(values)


def action_scores(pos: Position, actions: Sequence[Action]) -> list[float]:
    """:func:`action_score` of each action (the same numbers), without replaying a placement
    or a recruit: only the villages it changes are looked at again. A journey that ends the
    game is scored by its result instead (1000 times the mover's share, less 500), so that
    the ``easy`` bot takes a last journey that wins."""
    packed = pos.packed
    cells = packed.cells
    seat = packed.turn
    players = packed.players
    colour = players[seat]
    bridges = packed.bridges
    stones = packed.stones
    masters, students, villages = features(cells)
    might, travellers = _all_village_facts(cells)
    pressure_after = _PressureAfter(cells, _BYTE[colour + 1], bridges, stones, might, travellers)
    scores: list[float] = []
    for action in actions:
        kind = type(action)
        if kind is Place:
            v = action.slot // 7  # type: ignore[union-attr]
            gained_masters, gained_students, held = 1, 0, villages[colour] | 1 << v
        elif kind is Recruit:
            slots: tuple[int, ...] = action.slots  # type: ignore[union-attr]
            gained_masters, gained_students, held = 0, len(slots), villages[colour]
        else:  # a journey (or a pass): replayed; one that ends the game, by its result
            scores.append(_replayed_score(pos, action, pressure_after))
            continue
        threatened, chance = pressure_after(action)
        best_rival = -math.inf
        mine = 0.0
        for c in players:
            mover = c == colour
            value = (
                masters[c]
                + (gained_masters if mover else 0)
                + W_STUDENT * (students[c] + (gained_students if mover else 0))
                + W_VILLAGE * (held if mover else villages[c]).bit_count()
                - W_THREAT * threatened[c].bit_count()
                + W_CHANCE * chance[c]
            )
            if mover:
                mine = value
            elif value > best_rival:
                best_rival = value
        scores.append(mine - best_rival)
    return scores


def _replayed_score(pos: Position, action: Action, pressure_after: _PressureAfter) -> float:
    """:func:`ordering_score` of a journey or a pass (not cheap), the pressure after it
    looked at again only around the villages it changed."""
    after = apply_unchecked(pos, action)
    packed = after.packed
    seat = pos.packed.turn
    if packed.phase == OVER:
        if type(action) is Journey:
            return 1000.0 * final_shares(after)[seat] - 500.0
        return margin(after, seat, False)
    threatened, chance = pressure_after.replayed(packed)
    masters, students, villages = features(packed.cells)
    values = [
        masters[c]
        + W_STUDENT * students[c]
        + W_VILLAGE * villages[c].bit_count()
        - W_THREAT * threatened[c].bit_count()
        + W_CHANCE * chance[c]
        for c in packed.players
    ]
    mine = values.pop(seat)
    return mine - max(values)


def greedy_action(pos: Position, rng: random.Random) -> Action:
    """The ``easy`` bot: the best action by :func:`action_score`, ties broken at random."""
    best, forced = greedy_choices(pos)
    return best[0] if forced else rng.choice(best)


def greedy_choices(pos: Position) -> tuple[list[Action], bool]:
    """What :func:`greedy_action` draws from: the best actions by :func:`action_score` (ties
    within 1e-9, in the engine's order), and whether the action was forced (the only legal
    one: then nothing is drawn)."""
    actions = legal_actions(pos)
    if len(actions) == 1:
        return actions, True
    best: list[Action] = []
    best_score = -math.inf
    for action, score in zip(actions, action_scores(pos, actions)):
        if score > best_score + 1e-9:
            best, best_score = [action], score
        elif score > best_score - 1e-9:
            best.append(action)
    return best, False


def ordering_score(pos: Position, action: Action, cheap: bool, base: float) -> float:
    """:func:`action_score`, but an action that ends the game is judged by its result. When
    ``cheap``, a placement or a recruit is scored as ``base`` (the mover's :func:`material`
    margin now) plus the mover's own gain (rivals do not change), without replaying it."""
    kind = type(action)
    packed = pos.packed
    if kind is Journey:
        after = apply_unchecked(pos, action)
        if after.packed.phase == OVER:
            return 1000.0 * final_shares(after)[packed.turn] - 500.0
        return margin(after, packed.turn, cheap)
    if cheap and kind is Place:
        slot: int = action.slot  # type: ignore[union-attr]
        start = slot - slot % 7
        own = packed.players[packed.turn] + 1
        row = packed.cells[start : start + 7]
        new_village = own not in row and own + STUDENT_OFFSET not in row
        return base + 1.0 + (W_VILLAGE if new_village else 0.0)
    if cheap and kind is Recruit:
        slots: tuple[int, ...] = action.slots  # type: ignore[union-attr]
        return base + W_STUDENT * len(slots)
    return action_score(pos, action, cheap=cheap)
