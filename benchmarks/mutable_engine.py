"""A plain mutable-state engine of the same rules, written for speed comparisons only.

This is the engine a competent Python programmer would write first for a simulation: the
state is a few lists changed in place, :meth:`MutableGame.legal_actions` lists every legal
action as a small tuple, :meth:`MutableGame.apply` plays one in place. Nothing is cached
between calls and there are no bit tricks. It shares no code with ``shangrila_widget.rules``
(it reads only the board graph, ``data/board.json``), so that ``benchmarks/engine_compare.py``
compares two independent engines and ``tests/rules/test_mutable_engine_agrees.py`` can check
one against the other.

Actions are tuples: ``("place", type, village)``, ``("recruit", ((type, village), ...))``,
``("journey", origin, destination)`` and ``("pass",)``, with types, villages and seats as
indices; :func:`action_text` writes one in the package's text form.

>>> game = MutableGame(["red", "blue", "yellow", "violet"])
>>> len(game.legal_actions())
91
>>> action_text(game.legal_actions()[0])
'place rainmaker A'
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

#: An action: a tuple whose first item is its kind (see the module docs).
Action = tuple[Any, ...]

_BOARD = json.loads(
    resources.files("shangrila_widget").joinpath("data/board.json").read_text("utf-8")
)

TYPES = (
    "rainmaker",
    "astrologer",
    "dragon_breeder",
    "priest",
    "yeti_whisperer",
    "firekeeper",
    "healer",
)
VILLAGES = tuple(v["id"] for v in _BOARD["villages"])
BRIDGES = tuple((VILLAGES.index(a), VILLAGES.index(b)) for a, b in _BOARD["bridges"])
#: For each village: the (bridge number, neighbour) pairs of its bridges.
LINKS: tuple[list[tuple[int, int]], ...] = tuple([] for _ in VILLAGES)
for _number, (_a, _b) in enumerate(BRIDGES):
    LINKS[_a].append((_number, _b))
    LINKS[_b].append((_number, _a))
BRIDGE_BETWEEN = {(a, b): i for i, (a, b) in enumerate(BRIDGES)}
BRIDGE_BETWEEN.update({(b, a): i for i, (a, b) in enumerate(BRIDGES)})
OUT_OF_PLAY = VILLAGES.index(_BOARD["three_players"]["out_of_play"])
TILES = 6
STONES = 12
PASS = ("pass",)


class MutableGame:
    """One game, changed in place by :meth:`apply`.

    ``owner[v][t]`` is the seat owning the master on type t's space of village v (None when
    empty), ``student[v][t]`` whether a student lies on it, ``supply[seat][t]`` the tiles
    off the board.
    """

    def __init__(self, players: list[str], end_eleven: bool = False) -> None:
        self.players = list(players)
        self.n = len(players)
        self.end_eleven = end_eleven
        self.turn = 0
        self.phase = "setup"
        self.setup_turns = 0
        self.passes = 0
        self.owner: list[list[int | None]] = [[None] * 7 for _ in VILLAGES]
        self.student = [[False] * 7 for _ in VILLAGES]
        self.supply = [[TILES] * 7 for _ in players]
        self.bridge_up = [True] * len(BRIDGES)
        self.stone = [False] * len(VILLAGES)
        if self.n == 3:
            self.stone[OUT_OF_PLAY] = True
            for number, _ in LINKS[OUT_OF_PLAY]:
                self.bridge_up[number] = False

    # ------------------------------------------------------------------ listing

    def legal_actions(self) -> list[Action]:
        """Every legal action of the player to move; ``[PASS]`` when none, ``[]`` when over."""
        if self.phase == "over":
            return []
        if self.phase == "setup":
            actions = self._setup_actions()
        else:
            actions = self._play_actions()
        return actions or [PASS]

    def _setup_actions(self) -> list[Action]:
        seat = self.turn
        most_of_one, most_in_all = (2, 3) if self.n == 4 else (1, 2)
        supply = self.supply[seat]
        actions = []
        for v in range(len(VILLAGES)):
            if self.stone[v]:
                continue
            owners = self.owner[v]
            if 7 - owners.count(None) >= most_in_all or owners.count(seat) >= most_of_one:
                continue
            for t in range(7):
                if owners[t] is None and supply[t] == TILES:  # one master of each type
                    actions.append(("place", t, v))
        return actions

    def _play_actions(self) -> list[Action]:
        seat = self.turn
        supply = self.supply[seat]
        actions: list[Action] = []
        masters = []  # the player's masters without a student that may take one
        origins = []  # the villages with one of the player's students
        for v in range(len(VILLAGES)):
            if self.stone[v]:
                continue
            owners = self.owner[v]
            if seat not in owners:
                continue
            students = self.student[v]
            has_student = False
            for t in range(7):
                owner = owners[t]
                if owner is None:
                    if supply[t]:
                        actions.append(("place", t, v))
                elif owner == seat:
                    if students[t]:
                        has_student = True
                    elif supply[t]:
                        masters.append((t, v))
            if has_student:
                origins.append(v)
        for master in masters:
            actions.append(("recruit", (master,)))
        for i, first in enumerate(masters):
            for second in masters[i + 1 :]:
                if first[0] != second[0] or supply[first[0]] >= 2:
                    actions.append(("recruit", (first, second)))
        for v in origins:
            for number, w in LINKS[v]:
                if self.bridge_up[number] and not self.stone[w]:
                    actions.append(("journey", v, w))
        return actions

    # ------------------------------------------------------------------ playing

    def apply(self, action: Action) -> None:
        """Play a legal action (one of :meth:`legal_actions`) in place."""
        seat = self.turn
        kind = action[0]
        if kind == "place":
            _, t, v = action
            self.owner[v][t] = seat
            self.supply[seat][t] -= 1
        elif kind == "recruit":
            for t, v in action[1]:
                self.student[v][t] = True
                self.supply[seat][t] -= 1
        elif kind == "journey":
            self._journey(action[1], action[2])
        if self.phase == "setup":
            self.setup_turns += 1
            if self.setup_turns == 7 * self.n:
                self.phase = "play"
        elif kind == "pass":
            self.passes += 1
            if self.passes == self.n:
                self.phase = "over"
        else:
            self.passes = 0
        self.turn = (seat + 1) % self.n

    def _strength(self, v: int) -> tuple[int, int]:
        masters = students = 0
        for t in range(7):
            if self.owner[v][t] is not None:
                masters += 1
                if self.student[v][t]:
                    students += 1
        return masters + students, masters

    def _journey(self, origin: int, destination: int) -> None:
        origin_stronger = self._strength(origin) > self._strength(destination)
        for t in range(7):
            if not self.student[origin][t]:
                continue
            traveller = self.owner[origin][t]
            assert traveller is not None
            self.student[origin][t] = False
            there = self.owner[destination][t]
            if there is None:
                self.owner[destination][t] = traveller
            elif not origin_stronger:
                self.supply[traveller][t] += 1
            elif there == traveller:
                if self.student[destination][t]:
                    self.supply[traveller][t] += 1
                else:
                    self.student[destination][t] = True
            else:
                self.supply[there][t] += 2 if self.student[destination][t] else 1
                self.owner[destination][t] = traveller
                self.student[destination][t] = False
        self.bridge_up[BRIDGE_BETWEEN[origin, destination]] = False
        for v in (origin, destination):
            isolated = not any(self.bridge_up[number] for number, _ in LINKS[v])
            if isolated and sum(self.stone) < STONES:
                self.stone[v] = True
        if not any(self.bridge_up) or (self.end_eleven and sum(self.stone) >= STONES - 1):
            self.phase = "over"


def action_text(action: Action) -> str:
    """The action in the package's text form (``str()`` of its actions)."""
    kind = action[0]
    if kind == "place":
        return f"place {TYPES[action[1]]} {VILLAGES[action[2]]}"
    if kind == "recruit":
        return "recruit " + " ".join(f"{TYPES[t]} {VILLAGES[v]}" for t, v in action[1])
    if kind == "journey":
        return f"journey {VILLAGES[action[1]]} {VILLAGES[action[2]]}"
    return "pass"
