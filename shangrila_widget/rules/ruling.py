"""A ruling: every rule that refuses an action, what would make it legal, and a short string
(and link) that carries the question to anyone.

:func:`check` names the first rule that refuses an action; :func:`refusing_rules` names every
one, in the order the engine checks them (who may act, whether the game goes on, the
villages, then the action's own rules in the rulebook's order), so the first is always
``check``'s. :func:`legal_if` searches the smallest changes of the position (one edit, two
only where no single one does) that make the action legal, each verified by the engine.
:func:`ruling` puts it all together with the edition it was judged under, and
:func:`ruling_string` / :func:`read_ruling_string` carry a question as one URL-safe text.

>>> from shangrila_widget.rules import Position
>>> pos = Position.from_compact("rbyv r play 7/R6/7/7/7/7/7/7/7/7/7/7/7 AB -")
>>> tuple(r.rule for r in refusing_rules(pos, "journey A B"))
('JOURNEY-BRIDGE', 'JOURNEY-START')
>>> tuple(entry.text("en") for entry in legal_if(pos, "journey B A"))
('Legal if the bridge A-B still stood.',)
>>> text = ruling_string(pos, "journey B A")
>>> text
'r1~standard~rbyv_r_play_7.R6.7.7.7.7.7.7.7.7.7.7.7_AB_-~journey.B.A~e9ab9fcc'
>>> read_ruling_string(text) == (pos, parse_action("journey B A"), None)
True

The ruling string (``r1``)::

    r1~<edition>~<position>~<action>[~<player>]~<check>

- ``edition``: ``standard`` or ``END-ELEVEN``;
- ``position``: the one-line position string (:mod:`~shangrila_widget.rules.compact`)
  without its ``e11`` extra (the edition says it), spaces written ``_`` and the board's
  ``/`` written ``.``;
- ``action``: the action's text with spaces written ``.`` (``journey.A.B``,
  ``recruit.dragon_breeder.F``), or ``-`` for a position with no question asked (a link to
  a position, :func:`question_string`);
- ``player``: optional, the colour who tries the action when it is not the player to move;
- ``check``: 8 hexadecimal digits, the start of the SHA-256 of everything before it, so that
  a string cut short or altered is refused rather than read as another question.

Every character is one of ``A-Z a-z 0-9 _ . ~ -``: nothing to escape in a URL.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Final
from urllib.parse import quote, unquote

from shangrila_widget.rules.actions import Action, Journey, Pass, Place, Recruit, parse_action
from shangrila_widget.rules.board import (
    BRIDGE_INDEX,
    BRIDGES,
    MASTER_TYPES,
    STONES_IN_BOX,
    VILLAGE_BRIDGES,
    VILLAGE_INDEX,
    VILLAGES,
)
from shangrila_widget.rules.codes import PLAY, SETUP
from shangrila_widget.rules.engine import action_conditions, check, legal_actions, play
from shangrila_widget.rules.errors import ShangrilaError, excerpt
from shangrila_widget.rules.messages import LANGUAGES, Language, Message
from shangrila_widget.rules.messages import say as say_words
from shangrila_widget.rules.position import Position
from shangrila_widget.rules.position_json import OPTION_END_ELEVEN
from shangrila_widget.rules.results import Outcome, Refusal


def say(key: str, lang: Language, /, **params: object) -> str:
    """One of the rulings' sentences (the ``ruling.`` keys of the package's words) in
    ``lang``; a colour or master type key is named by the words themselves."""
    return say_words(f"ruling.{key}", lang, **params)


class RulingError(ShangrilaError):
    """A ruling string that cannot be read: cut, altered, of an unknown version or edition,
    or holding a bad position or action. ``text(lang)`` says it in English or Polish."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(Message(f"ruling.{key}", params))
        self.key = key
        self.params = params


# ----------------------------------------------------------------------------- every rule


def _as_action(action: Action | str) -> Action:
    return parse_action(action) if isinstance(action, str) else action


def failing_conditions(
    pos: Position, action: Action | str, player: str | None = None
) -> list[Refusal]:
    """Every condition of ``action`` that fails, each as the refusal it would give, in the
    engine's order of checking (a rule may appear more than once: one per student, say):
    ``TURN-ORDER`` when ``player`` is not to move, ``END`` in a finished game, then the
    action's own conditions (:func:`~shangrila_widget.rules.engine.action_conditions`), for
    ``player`` as if it were their turn, or a pass's."""
    first = check(pos, action, player)  # checks the arguments and parses the action
    action = _as_action(action)
    name = pos.to_move if player is None else player
    found: list[Refusal] = []
    if first is not None and first.rule == "TURN-ORDER":
        found.append(first)
    if pos.is_over:
        found.append(Refusal("END", "game_over", {}))
    if not isinstance(action, Pass):
        found += action_conditions(pos, action, name)
    elif not pos.is_over:
        found += _pass_conditions(pos, name)
    return found


def _pass_conditions(pos: Position, name: str) -> Iterator[Refusal]:
    mover = pos if name == pos.to_move else edited(pos, (_turn_change(name),))
    if mover is None:  # during set-up the turn follows the tiles: no other player to move
        return
    actions = legal_actions(mover)
    if actions != [Pass()]:
        yield Refusal(
            "SETUP-STUCK" if pos.packed.phase == SETUP else "TURN-PASS",
            "cannot_pass",
            {"player": name, "count": len(actions), "example": str(actions[0])},
        )


def refusing_rules(
    pos: Position, action: Action | str, player: str | None = None
) -> tuple[Refusal, ...]:
    """Every rule that refuses ``action``, once each (its first failing condition), in the
    engine's order of checking: the first is :func:`check`'s refusal; ``()`` for a legal
    action.

    >>> from shangrila_widget.rules import Position
    >>> pos = Position.new_game(["red", "blue", "yellow"])
    >>> tuple(r.rule for r in refusing_rules(pos, "recruit healer C"))
    ('SETUP-ORDER', 'SETUP-THREE', 'RECRUIT-OWN')
    """
    seen: dict[str, Refusal] = {}
    for refusal in failing_conditions(pos, action, player):
        seen.setdefault(refusal.rule, refusal)
    return tuple(seen.values())


# ----------------------------------------------------------------------------- legal if


@dataclass(frozen=True)
class Change:
    """One edit of a position: its words (a key of :data:`WORDS` and the facts) and what it
    does to the public JSON of the position."""

    key: str
    params: Mapping[str, str]
    apply: Callable[[dict[str, Any]], None] = field(compare=False, repr=False)

    def text(self, lang: Language = "en") -> str:
        """The change as a clause ("the bridge A-B still stood")."""
        return say(self.key, lang, **self.params)


@dataclass(frozen=True)
class LegalIf:
    """A smallest change (one or two edits) that makes the action legal, checked by the
    engine: ``check(position, action, player)`` is None."""

    changes: tuple[Change, ...]
    position: Position

    def text(self, lang: Language = "en") -> str:
        """ "Legal if ..." in ``lang``."""
        clauses = [c.text(lang) for c in self.changes]
        if len(clauses) == 1:
            return say("legal_if.one", lang, a=clauses[0])
        return say("legal_if.two", lang, a=clauses[0], b=clauses[1])

    def to_dict(self, lang: Language = "en") -> dict[str, Any]:
        """``{"text": ..., "position": <public JSON>, "changes": [<kind>, ...]}``."""
        return {
            "text": self.text(lang),
            "position": self.position.to_dict(),
            "changes": [c.key.removeprefix("change.") for c in self.changes],
        }


def edited(pos: Position, changes: tuple[Change, ...]) -> Position | None:
    """``pos`` with ``changes`` made, or None where the position reader refuses the result.

    The edits work on the public JSON (like :mod:`~shangrila_widget.rules.editing`), with
    one difference: during set-up the set-up turns taken are kept, so that taking a tile
    off the board does not hand the turn to another player (``with_tile`` lets the turn
    follow the tiles)."""
    data = pos.to_dict()
    if pos.packed.phase == SETUP:
        data["setup_turns"] = pos.packed.setup_turns
    for change in changes:
        change.apply(data)
    try:
        return Position.from_dict(data)
    except ShangrilaError:
        return None


def _set_space(village: str, master_type: str, owner: str | None, student: bool = False) -> Any:
    def apply(data: dict[str, Any]) -> None:
        spaces = data["villages"].setdefault(village, {})
        if owner is None:
            spaces.pop(master_type, None)
        else:
            spaces[master_type] = {"owner": owner, "student": student}

    return apply


def _to_play(data: dict[str, Any]) -> None:
    data["phase"] = "play"
    data.pop("setup_turns", None)
    data.pop("passes", None)


def _turn_change(colour: str) -> Change:
    def apply(data: dict[str, Any]) -> None:
        data["to_move"] = colour

    return Change("change.turn", {"player": colour}, apply)


def _bridge_change(bridge: int) -> Change:
    a, b = BRIDGES[bridge]

    def apply(data: dict[str, Any]) -> None:
        if [a, b] not in data["bridges"]:
            data["bridges"].append([a, b])
        data.pop("stones", None)  # derived again from the bridges
        if data["phase"] == "over":  # a bridge still standing: the game goes on
            _to_play(data)

    return Change("change.bridge", {"a": a, "b": b}, apply)


def _standard_change(data: dict[str, Any]) -> None:
    data.pop("options", None)
    if data["phase"] == "over":
        _to_play(data)


def _space_change(key: str, village: str, master_type: str, **params: str) -> Change:
    """A change of one space, by the kind of change its words name."""
    owner = params.get("owner") or params.get("player")
    apply = {
        "change.empty_space": _set_space(village, master_type, None),
        "change.remove_master": _set_space(village, master_type, None),
        "change.remove_student": _set_space(village, master_type, owner, False),
        "change.supply_student": _set_space(village, master_type, owner, False),
        "change.supply_master": _set_space(village, master_type, None),
        "change.add_master": _set_space(village, master_type, owner, False),
        "change.own_master": _set_space(village, master_type, owner, False),
        "change.add_student": _set_space(village, master_type, owner, True),
        "change.add_pair": _set_space(village, master_type, owner, True),
    }[key]
    return Change(key, {"type": master_type, "village": village, **params}, apply)


def _supply_changes(pos: Position, colour: str, master_type: str) -> Iterator[Change]:
    """Each way of taking one of ``colour``'s tiles of ``master_type`` off the board."""
    for village in VILLAGES:
        tile = pos.tile(village, master_type)
        if tile is None or tile.owner != colour:
            continue
        key = "change.supply_student" if tile.student else "change.supply_master"
        yield _space_change(key, village, master_type, player=colour)


def changes_for(pos: Position, action: Action, refusal: Refusal) -> Iterator[Change]:
    """The single edits of ``pos`` that could lift ``refusal`` (one of
    :func:`failing_conditions`); whether one does, the engine decides (:func:`legal_if`)."""
    rule, key, params = refusal.rule, refusal.key, refusal.params
    player = str(params.get("player", pos.to_move))
    if rule == "TURN-ORDER":
        yield _turn_change(player)
    elif rule == "END":
        if pos.end_eleven:
            yield Change("change.standard", {}, _standard_change)
        yield Change("change.not_over", {}, _to_play)
        for village in _villages_of(action):
            yield from _bridges_of(pos, village)
    elif rule == "PEACE":
        yield from _bridges_of(pos, str(params["village"]))
    elif rule == "SETUP-ORDER":
        yield Change("change.play_phase", {}, _to_play)
    elif key == "setup_type_used":
        master_type = str(params["type"])
        for village in VILLAGES:
            if pos.tile(village, master_type) == (player, False):
                yield _space_change("change.remove_master", village, master_type, owner=player)
    elif key == "space_taken":
        yield _space_change("change.empty_space", str(params["village"]), str(params["type"]))
    elif key in ("setup_cap_colour", "setup_cap_total"):
        village = str(params["village"])
        for master_type, tile in pos.tiles(village).items():
            if key == "setup_cap_total" or tile.owner == player:
                yield _space_change("change.remove_master", village, master_type, owner=tile.owner)
    elif key in ("no_supply", "recruit_supply"):
        yield from _supply_changes(pos, player, str(params["type"]))
    elif key == "no_presence":
        village = str(params["village"])
        for master_type in MASTER_TYPES:
            if master_type != params["type"] and pos.tile(village, master_type) is None:
                yield _space_change("change.add_master", village, master_type, player=player)
    elif key == "master_has_student":
        yield _space_change(
            "change.remove_student", str(params["village"]), str(params["type"]), owner=player
        )
    elif key == "no_master_here":
        yield _space_change(
            "change.add_master", str(params["village"]), str(params["type"]), player=player
        )
    elif key == "not_own_master":
        yield _space_change(
            "change.own_master", str(params["village"]), str(params["type"]), player=player
        )
    elif key == "bridge_gone":
        yield _bridge_change(BRIDGE_INDEX[(str(params["origin"]), str(params["destination"]))])
    elif key == "no_student":
        village = str(params["origin"])
        tiles = pos.tiles(village)
        for master_type, tile in tiles.items():  # a student on a master of the player's
            if tile == (player, False):
                yield _space_change("change.add_student", village, master_type, player=player)
        for master_type in MASTER_TYPES:  # else a new master with its student
            if master_type not in tiles:
                yield _space_change("change.add_pair", village, master_type, player=player)
    # SETUP-THREE, RECRUIT-COUNT, same_master_twice, same_village, not_neighbours, TURN-PASS
    # and SETUP-STUCK: no change of the position lifts them (the action itself is wrong)


def _villages_of(action: Action) -> tuple[str, ...]:
    if isinstance(action, Place):
        return (action.village,)
    if isinstance(action, Recruit):
        return tuple(dict.fromkeys(v for _, v in action.students))
    if isinstance(action, Journey):
        return (action.origin, action.destination)
    return ()


def _bridges_of(pos: Position, village: str) -> Iterator[Change]:
    for bridge, _ in VILLAGE_BRIDGES[VILLAGE_INDEX[village]]:
        if not pos.packed.bridges >> bridge & 1:
            yield _bridge_change(bridge)


#: At most this many "legal if" entries per ruling, and per kind of change.
MOST_ENTRIES: Final = 8
MOST_PER_KIND: Final = 3


def _candidates(pos: Position, action: Action, player: str | None) -> list[Change]:
    changes: dict[tuple[str, tuple[tuple[str, str], ...]], Change] = {}
    for refusal in failing_conditions(pos, action, player):
        for change in changes_for(pos, action, refusal):
            changes.setdefault((change.key, tuple(sorted(change.params.items()))), change)
    return list(changes.values())


def legal_if(pos: Position, action: Action | str, player: str | None = None) -> tuple[LegalIf, ...]:
    """The smallest changes of ``pos`` that make ``action`` legal: single edits, or pairs
    of edits where no single one does; each checked by the engine (``check`` of the changed
    position is None) and read back by the position reader (an impossible position is never
    offered). ``()`` for a legal action or when no such change is found (a journey between
    villages that are no neighbours, a third student). At most :data:`MOST_ENTRIES`, and
    :data:`MOST_PER_KIND` of one kind, in the order of the rules they lift.

    >>> from shangrila_widget.rules import Position
    >>> pos = Position.new_game(["red", "blue", "yellow"])
    >>> tuple(entry.text("en") for entry in legal_if(pos, "recruit healer A"))
    ('Legal if set-up were over (the play phase) and Red had a Healer master in village A.',)
    """
    action = _as_action(action)
    if check(pos, action, player) is None:
        return ()
    to_move = pos.to_move if player is None else player
    found: list[LegalIf] = []
    seen: set[Position] = set()
    kinds: dict[tuple[str, ...], int] = {}
    first_step: list[tuple[Change, Position, int]] = []
    failing = {(r.rule, r.key) for r in failing_conditions(pos, action, player)}

    def offer(changes: tuple[Change, ...], changed: Position) -> None:
        kind = tuple(c.key for c in changes)
        if changed in seen or kinds.get(kind, 0) >= MOST_PER_KIND:
            return
        seen.add(changed)
        kinds[kind] = kinds.get(kind, 0) + 1
        found.append(LegalIf(changes, changed))

    for change in _candidates(pos, action, player):
        changed = edited(pos, (change,))
        if changed is None:
            continue
        if changed.to_move == to_move and check(changed, action, player) is None:
            offer((change,), changed)
        elif not found:
            left = {(r.rule, r.key) for r in failing_conditions(changed, action, player)}
            if failing - left and len(left) <= len(failing):  # it lifts a condition
                first_step.append((change, changed, len(left)))
    if not found:
        for change, changed, _ in sorted(first_step, key=lambda step: step[2]):
            for second in _candidates(changed, action, player):
                if second.key == change.key and second.params == change.params:
                    continue
                both = edited(changed, (second,))
                if (
                    both is not None
                    and both.to_move == to_move
                    and check(both, action, player) is None
                ):
                    offer((change, second), both)
            if len(found) >= MOST_ENTRIES:
                break
    return tuple(found[:MOST_ENTRIES])


# ----------------------------------------------------------------------------- editions

STANDARD: Final = "standard"
EDITIONS: Final = (STANDARD, OPTION_END_ELEVEN)


EDITION_SOURCES: Final[Mapping[str, str]] = {
    STANDARD: "rulebook",
    OPTION_END_ELEVEN: "end_eleven",
}
"""Each edition's source (the key of its words, ``ruling.edition_source.<key>``)."""


def edition_label(edition: str, lang: Language = "en") -> str:
    """An edition's name with its source, for a picker.

    >>> edition_label("END-ELEVEN")
    'END-ELEVEN: the game ends after the 11th stone (as some editions and implementations play it)'
    """
    if edition not in EDITIONS:
        raise RulingError("ruling.edition", edition=excerpt(edition))
    return say(f"edition_source.{EDITION_SOURCES[edition]}", lang, edition=edition)


def under_edition(pos: Position, edition: str) -> Position:
    """``pos`` played by ``edition``'s rules (the same pieces, the option changed); a game
    ended by the 11th stone under END-ELEVEN goes on under the standard rules while a
    bridge stands.

    >>> pos = Position.new_game(["red", "blue", "yellow"])
    >>> edition_of(under_edition(pos, "END-ELEVEN"))
    'END-ELEVEN'
    """
    if edition not in EDITIONS:
        raise RulingError("ruling.edition", edition=excerpt(edition))
    if edition == edition_of(pos):
        return pos
    data = pos.to_dict()
    if pos.end_eleven:
        data["options"] = [o for o in data.get("options", []) if o != OPTION_END_ELEVEN]
        if not data["options"]:
            data.pop("options")
        if pos.is_over and pos.bridges and not pos.passes:
            _to_play(data)
    else:
        data["options"] = [*data.get("options", []), OPTION_END_ELEVEN]
    return Position.from_dict(data)


def edition_of(pos: Position) -> str:
    """``"standard"`` or ``"END-ELEVEN"``: the rules the position is played by."""
    return OPTION_END_ELEVEN if pos.end_eleven else STANDARD


@dataclass(frozen=True)
class EditionNote:
    """How the other edition would judge the same question: its verdict, whether the game
    would be over after the action, and the words when that differs."""

    edition: str
    legal: bool
    rule: str | None
    game_over: bool | None
    key: str | None
    params: Mapping[str, object] = field(default_factory=dict)

    @property
    def differs(self) -> bool:
        return self.key is not None

    def text(self, lang: Language = "en") -> str | None:
        """What differs, in words; None when both editions agree."""
        if self.key is None:
            return None
        if self.key == "edition.other_verdict":
            verdict = str(self.params["verdict_" + lang])
            return say(self.key, lang, edition=self.edition, verdict=verdict)
        return say(self.key, lang, **self.params)

    def to_dict(self, lang: Language = "en") -> dict[str, Any]:
        return {
            "edition": self.edition,
            "legal": self.legal,
            "rule": self.rule,
            "game_over": self.game_over,
            "differs": self.differs,
            "note": self.text(lang),
        }


def _other_edition(
    pos: Position, action: Action, player: str | None, outcome: Outcome | None
) -> EditionNote:
    data = pos.to_dict()
    eleven = pos.end_eleven
    if eleven:
        data.pop("options", None)
    else:
        data["options"] = [OPTION_END_ELEVEN]
    key: str | None = None
    params: dict[str, object] = {}
    stones = len(pos.stones)
    if eleven and pos.is_over and pos.bridges and not pos.passes:
        _to_play(data)  # ended by the 11th stone: under the standard rules it goes on
        key = "edition.would_go_on"
    other = Position.from_dict(data)
    if not eleven and pos.packed.phase == PLAY and stones >= STONES_IN_BOX - 1:
        return EditionNote(
            OPTION_END_ELEVEN, False, "END", None, "edition.already_over", {"stones": stones}
        )
    refusal = check(other, action, player)
    over: bool | None = None
    if refusal is None:
        over = play(other, action, player).position.is_over
        if outcome is not None and over != outcome.position.is_over and key is None:
            key = "edition.would_end" if over else "edition.would_not_end"
    if key is None and (refusal is None) != (outcome is not None):
        key = "edition.other_verdict"
        for lang in LANGUAGES:
            params["verdict_" + lang] = (
                say("edition.legal", lang) if refusal is None else refusal.message(lang)
            )
    return EditionNote(
        STANDARD if eleven else OPTION_END_ELEVEN,
        refusal is None,
        None if refusal is None else refusal.rule,
        over,
        key,
        params,
    )


# ----------------------------------------------------------------------------- the string

RULING_VERSION: Final = "r1"
#: The base of a ruling's link when neither an option nor ``SHANGRILA_SITE_URL`` gives one:
#: the address ``shangrila tour`` and ``shangrila serve`` start on.
DEFAULT_BASE_URL: Final = "http://127.0.0.1:8866/"
SITE_URL_VARIABLE: Final = "SHANGRILA_SITE_URL"
_CHECK_DIGITS: Final = 8
_SAFE: Final = re.compile(r"[A-Za-z0-9_.~-]*")
_BOARD_FIELD: Final = 3


def _check_digits(body: str) -> str:
    return hashlib.sha256(body.encode("ascii")).hexdigest()[:_CHECK_DIGITS]


NO_ACTION: Final = "-"
"""The action field of a string that carries a position and no question."""


def question_string(
    pos: Position, action: Action | str | None = None, player: str | None = None
) -> str:
    """The short URL-safe string of a position and, when given, the action asked about (and
    the player who tries it); see the module docs. With no action the action field is
    ``-``: a link to the position alone. :func:`read_question` reads it back exactly.

    >>> pos = Position.new_game(["red", "blue", "yellow"])
    >>> text = question_string(pos)
    >>> text
    'r1~standard~rby_r_setup_7.7.7.7.7.7.7.7.7.7.7.7.7_-_C~-~8d2244f8'
    >>> read_question(text) == (pos, None, None)
    True
    """
    if action is not None:
        check(pos, action, player)  # checks the arguments
        action = _as_action(action)
    elif player is not None:
        raise ValueError("a player needs an action")
    fields = pos.to_compact().split()
    if pos.end_eleven:
        fields.remove("e11")
    fields[_BOARD_FIELD] = fields[_BOARD_FIELD].replace("/", ".")
    action_field = NO_ACTION if action is None else str(action).replace(" ", ".")
    parts = [RULING_VERSION, edition_of(pos), "_".join(fields), action_field]
    if player is not None:
        parts.append(player)
    body = "~".join(parts)
    return f"{body}~{_check_digits(body)}"


def ruling_string(pos: Position, action: Action | str, player: str | None = None) -> str:
    """The short URL-safe string of a question: position, action, edition (and the player
    who tries it when given); see the module docs. :func:`read_ruling_string` reads it back
    exactly."""
    return question_string(pos, action, player)


def read_ruling_string(text: str) -> tuple[Position, Action, str | None]:
    """(position, action, player) from a ruling string, or from a link holding one
    (``...?ruling=r1~...``). Raises :class:`RulingError` naming the problem: a string cut
    short or altered is refused, never read as another position; so is a string of a
    position with no action (:func:`read_question` reads those)."""
    pos, action, player = read_question(text)
    if action is None:
        raise RulingError("ruling.no_action")
    return pos, action, player


def read_question(text: str) -> tuple[Position, Action | None, str | None]:
    """(position, action or None, player) from a string of :func:`question_string` (or a
    link holding one, ``...?ruling=r1~...``). Raises :class:`RulingError` naming the
    problem: a string cut short or altered is refused, never read as another position."""
    if not isinstance(text, str):
        raise RulingError("ruling.not_text", kind=type(text).__name__)
    text = text.strip()
    if "ruling=" in text:
        text = unquote(text.split("ruling=", 1)[1].split("&", 1)[0].split("#", 1)[0])
    bad = _SAFE.match(text)
    if bad is not None and bad.end() < len(text):
        raise RulingError("ruling.character", char=repr(text[bad.end()]), at=bad.end() + 1)
    parts = text.split("~")
    if not re.fullmatch(r"r[0-9]+", parts[0]):
        raise RulingError("ruling.not_ruling", start=excerpt(text[:12]))
    if parts[0] != RULING_VERSION:
        raise RulingError("ruling.version", version=excerpt(parts[0]))
    if len(parts) not in (5, 6):
        raise RulingError("ruling.parts", count=len(parts))
    edition, position_text, action_text, *rest = parts[1:]
    if edition not in EDITIONS:
        raise RulingError("ruling.edition", edition=excerpt(edition))
    body, found = text.rsplit("~", 1)
    if found != _check_digits(body):
        raise RulingError("ruling.check", found=excerpt(found))
    fields = position_text.split("_")
    if "e11" in fields:
        raise RulingError("ruling.e11_field")
    if len(fields) > _BOARD_FIELD:
        fields[_BOARD_FIELD] = fields[_BOARD_FIELD].replace(".", "/")
    if edition == OPTION_END_ELEVEN:
        fields.append("e11")
    try:
        pos = Position.from_compact(" ".join(fields))
    except ShangrilaError as error:
        raise RulingError("ruling.position", problem=str(error)) from None
    action: Action | None = None
    if action_text != NO_ACTION:
        try:
            action = parse_action(action_text.replace(".", " "))
        except ShangrilaError as error:
            raise RulingError("ruling.action", problem=str(error)) from None
    player = rest[0] if len(rest) == 2 else None
    if player is not None and (action is None or player not in pos.players):
        raise RulingError("ruling.player", player=excerpt(player))
    return pos, action, player


def site_url(base_url: str | None = None) -> str:
    """The base address of ruling links: ``base_url``, else the environment variable
    ``SHANGRILA_SITE_URL``, else :data:`DEFAULT_BASE_URL`."""
    return base_url or os.environ.get(SITE_URL_VARIABLE) or DEFAULT_BASE_URL


def ruling_link(text: str, base_url: str | None = None) -> str:
    """``<base>?ruling=<string>`` (``&ruling=`` when the base has a query already)."""
    base = site_url(base_url)
    return f"{base}{'&' if '?' in base else '?'}ruling={quote(text, safe='~._-')}"


# ----------------------------------------------------------------------------- the ruling


@dataclass(frozen=True)
class Ruling:
    """The answer to "may this be done here?", whole: see :func:`ruling`."""

    position: Position
    action: Action
    player: str | None
    refusals: tuple[Refusal, ...]
    legal_if: tuple[LegalIf, ...]
    outcome: Outcome | None
    other_edition: EditionNote

    @property
    def legal(self) -> bool:
        return self.outcome is not None

    @property
    def rules(self) -> tuple[str, ...]:
        """Every rule id that refuses the action, in order (``()`` when legal)."""
        return tuple(r.rule for r in self.refusals)

    @property
    def edition(self) -> str:
        return edition_of(self.position)

    @property
    def string(self) -> str:
        """The ruling string (:func:`ruling_string`)."""
        return ruling_string(self.position, self.action, self.player)

    def link(self, base_url: str | None = None) -> str:
        return ruling_link(self.string, base_url)

    def to_dict(self, lang: Language = "en", base_url: str | None = None) -> dict[str, Any]:
        """The ruling as JSON data (``docs/formats.md``, "Rulings")."""
        from shangrila_widget import __version__

        after = None if self.outcome is None else self.outcome.position
        return {
            "question": {
                "position": self.position.to_dict(),
                "action": str(self.action),
                "player": self.player,
            },
            "legal": self.legal,
            "rules": list(self.rules),
            "refusals": [r.to_dict(lang) for r in self.refusals],
            "legal_if": [entry.to_dict(lang) for entry in self.legal_if],
            "events": []
            if self.outcome is None
            else [e.to_dict(lang) for e in self.outcome.events],
            "scores": None
            if after is None
            else {c: {"masters": m, "villages": v} for c, (m, v) in after.scores().items()},
            "winners": None if after is None else list(after.winners()),
            "edition": self.edition,
            "other_edition": self.other_edition.to_dict(lang),
            "version": __version__,
            "ruling": self.string,
            "link": self.link(base_url),
        }


def ruling(pos: Position, action: Action | str, player: str | None = None) -> Ruling:
    """The ruling on ``action`` in ``pos`` (tried by ``player``, default the player to
    move): every refusing rule, the smallest changes that make it legal, or its outcome;
    and how the other edition would judge it.

    >>> from shangrila_widget.rules import Position
    >>> answer = ruling(Position.new_game(["red", "blue", "yellow"]), "place healer C")
    >>> answer.legal, answer.rules, answer.edition
    (False, ('SETUP-THREE',), 'standard')
    """
    action = _as_action(action)
    refusals = refusing_rules(pos, action, player)
    outcome = None if refusals else play(pos, action, player)
    return Ruling(
        pos,
        action,
        player,
        refusals,
        legal_if(pos, action, player) if refusals else (),
        outcome,
        _other_edition(pos, action, player, outcome),
    )


__all__ = [
    "DEFAULT_BASE_URL",
    "EDITIONS",
    "EDITION_SOURCES",
    "NO_ACTION",
    "SITE_URL_VARIABLE",
    "Change",
    "EditionNote",
    "LegalIf",
    "Ruling",
    "RulingError",
    "edition_label",
    "edition_of",
    "question_string",
    "read_question",
    "under_edition",
    "changes_for",
    "edited",
    "failing_conditions",
    "legal_if",
    "read_ruling_string",
    "refusing_rules",
    "ruling",
    "ruling_link",
    "ruling_string",
    "say",
    "site_url",
]
