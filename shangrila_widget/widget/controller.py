"""What a click means: turns clicks on the board into actions, selections and messages.

Pure Python (no widget imports), so the whole play-by-clicking logic is tested without a
front end. The board widget feeds it what the scene's hit test found under the mouse and
shows what it returns.

Clicking a space, with the action kind on ``"auto"`` (the default):

- during set-up, or on an empty space: place a master of that space's type there;
- on one of your own masters without a student: select it for recruiting; a click on a
  second such master recruits both, a second click on the same one recruits it alone
  (or press "recruit" to confirm one);
- on one of your own masters with a student, or on a village where you have a student:
  choose it as the start village; then click the destination village;
- anything else is tried as a placement, so the refusal names its rule.

>>> from shangrila_widget.rules import Position, GameRecord
>>> controller = BoardController(GameRecord(Position.new_game(["red", "blue", "yellow"])))
>>> feedback = controller.click(("space", "A", "healer"))
>>> feedback.kind, feedback.rules, controller.position.to_move
('played', ('SETUP-SPACE',), 'blue')
>>> feedback = controller.click(("space", "A", "healer"))
>>> feedback.kind, feedback.rules
('refused', ('SETUP-SPACE',))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, Literal

from shangrila_widget.render.highlight import Highlight
from shangrila_widget.render.layout import HitTarget
from shangrila_widget.rules import (
    Action,
    Journey,
    Place,
    Position,
    Recruit,
    ShangrilaError,
    parse_action,
)
from shangrila_widget.rules.board import BRIDGES, MASTER_TYPES, VILLAGE_INDEX
from shangrila_widget.rules.errors import IllegalActionError, excerpt
from shangrila_widget.rules.messages import (
    Language,
    Message,
    Words,
    action_message,
    check_language,
    problem,
    text_of,
)
from shangrila_widget.rules.record import GameRecord, Node
from shangrila_widget.rules.results import Event, Outcome, Refusal

#: What a click on a space means (the board's ``action_kind``): decided from the position
#: (``"auto"``), or always a placement, a recruit or a journey's start. Not the rules'
#: kinds of action (:data:`shangrila_widget.rules.engine.ACTION_KINDS`).
ClickMode = Literal["auto", "place", "recruit", "journey"]
CLICK_MODES: Final[tuple[ClickMode, ...]] = ("auto", "place", "recruit", "journey")


@dataclass(frozen=True)
class Feedback:
    """What to tell the user after an input.

    ``kind``: ``"played"`` (an action was played; ``events`` say what happened),
    ``"refused"`` (``refusal`` says why, with its rule id), ``"selected"`` (waiting for a
    second click), ``"info"`` (anything else). ``rules`` lists the rule ids involved.
    ``words``: what to say, kept as the package's words (a
    :class:`~shangrila_widget.rules.messages.Message`, an error...) until it is shown, so
    that it is said in the language the widget has by then; a plain text stays as it is.

    >>> feedback = Feedback.sentence("info", "cancelled")
    >>> feedback.text("pl"), feedback.text("en")
    ('Wybór anulowany.', 'Selection cancelled.')
    """

    kind: Literal["played", "refused", "selected", "info"]
    words: Words = ""
    rules: tuple[str, ...] = ()
    refusal: Refusal | None = None
    events: tuple[Event, ...] = ()
    action: Action | None = None

    @classmethod
    def sentence(
        cls,
        kind: Literal["played", "refused", "selected", "info"],
        key: str,
        /,
        **params: object,
    ) -> Feedback:
        """Feedback saying the widget sentence ``key`` (``ui.<key>``) with ``params``, in
        the language of whoever shows it."""
        return cls(kind, Message(f"ui.{key}", params))

    def text(self, lang: Language) -> str:
        """What to say, in ``lang``."""
        return text_of(self.words, lang)

    @property
    def has_own_sentence(self) -> bool:
        """Whether the words are a widget sentence of their own (a replay, a computer
        move), not only the events' messages."""
        return isinstance(self.words, Message) and self.words.key.startswith("ui.")


@dataclass
class BoardController:
    """The interaction state of one board: the game record, the pending selection, the
    chosen action kind and language. ``show_legal``: :meth:`highlights` rings the legal
    choices of the player to move, from the first turn of play (during set-up nearly every
    empty space is legal, so nothing is ringed there). :meth:`load` shows another record;
    widgets change the controller's state only through its methods."""

    record: GameRecord
    lang: Language = "en"
    kind: ClickMode = "auto"
    show_legal: bool = True
    pending_journey: str | None = None
    pending_recruit: tuple[str, str] | None = None
    last_outcome: Outcome | None = field(default=None, repr=False)

    @property
    def position(self) -> Position:
        """The position on show (the record's current node)."""
        return self.record.position

    def load(self, record: GameRecord) -> None:
        """Show another game record: the selection and the last action's highlights are cleared."""
        self.record = record
        self._clear_selection()
        self.last_outcome = None

    # ------------------------------------------------------------------ inputs

    def click(self, target: HitTarget) -> Feedback:
        """Handle a click on ``target``; never raises for a bad target, never corrupts."""
        try:
            target = _validated(target)
        except ShangrilaError as error:
            return Feedback.sentence("info", "bad_click", problem=error)
        if self.position.is_over:
            return Feedback.sentence("info", "game_over")
        if target is None or target[0] == "bridge":
            if self.pending_journey or self.pending_recruit:
                return self.cancel()
            return Feedback.sentence("info", "nothing_here")
        village = target[1]
        master_type = target[2] if target[0] == "space" else None

        if self.pending_journey is not None:
            origin = self.pending_journey
            if village == origin:
                return self.cancel()
            self.pending_journey = None
            return self._try(Journey(origin, village))
        if self.pending_recruit is not None:
            first = self.pending_recruit
            if master_type is None:
                return self.cancel()
            self.pending_recruit = None
            if (master_type, village) == first:
                return self._try(Recruit((first,)))
            return self._try(Recruit((first, (master_type, village))))

        pos = self.position
        if master_type is None:
            return self._click_village(village)
        if self.kind == "place" or pos.phase == "setup":
            return self._try(Place(master_type, village))
        tile = pos.tile(village, master_type)
        own = tile is not None and tile.owner == pos.to_move
        if self.kind == "journey" or (self.kind == "auto" and own and tile and tile.student):
            return self._select_origin(village)
        if self.kind == "recruit" or (self.kind == "auto" and own):
            return self._select_recruit(master_type, village)
        return self._try(Place(master_type, village))

    def _click_village(self, village: str) -> Feedback:
        pos = self.position
        if pos.phase == "play" and (self.kind in ("auto", "journey")):
            tiles = pos.tiles(village).values()
            if any(t.owner == pos.to_move and t.student for t in tiles) or self.kind == "journey":
                return self._select_origin(village)
        return Feedback.sentence("info", "nothing_here")

    def _select_origin(self, village: str) -> Feedback:
        refusal = _journey_start_refusal(self.position, village)
        if refusal is not None:
            return Feedback("refused", refusal.words, (refusal.rule,), refusal)
        self.pending_journey = village
        return Feedback.sentence("selected", "pick_destination", village=village)

    def _select_recruit(self, master_type: str, village: str) -> Feedback:
        refusal = self.position.check(Recruit(((master_type, village),)))
        if refusal is not None:
            return Feedback("refused", refusal.words, (refusal.rule,), refusal)
        self.pending_recruit = (master_type, village)
        return Feedback.sentence(
            "selected", "pick_second_student", type=master_type, village=village
        )

    def confirm_recruit(self) -> Feedback:
        """Recruit the one selected student (the "Recruit" button)."""
        if self.pending_recruit is None:
            return Feedback.sentence("info", "nothing_pending")
        first, self.pending_recruit = self.pending_recruit, None
        return self._try(Recruit((first,)))

    def play_text(self, text: str) -> Feedback:
        """Play an action typed as text (``"journey A B"``); a malformed text is reported."""
        self._clear_selection()
        try:
            action = parse_action(text)
        except ShangrilaError as error:
            return Feedback("info", error)
        return self._try(action)

    def cancel(self) -> Feedback:
        self._clear_selection()
        return Feedback.sentence("info", "cancelled")

    def undo(self) -> Feedback:
        self._clear_selection()
        if not self.record.can_undo():
            return Feedback.sentence("info", "at_start")
        action = self.record.current.action
        self.record.undo()
        self.last_outcome = None
        return Feedback.sentence("info", "undone", action=action_message(action))

    def redo(self) -> Feedback:
        self._clear_selection()
        if not self.record.can_redo():
            return Feedback.sentence("info", "at_end")
        self.record.redo()
        node = self.record.current
        self.last_outcome = _outcome_of(node)
        return Feedback(
            "played",
            Message("ui.redone", {"action": str(node.action)}),
            tuple(e.rule for e in node.events),
            events=node.events,
            action=node.action,
        )

    def go_to(self, node: Node) -> None:
        """Show ``node`` of the record (the selection is cleared; the move that led there is
        ringed as moved, as after a redo)."""
        self._clear_selection()
        self.record.go_to(node)
        self.last_outcome = _outcome_of(node)

    def reset(self) -> Feedback:
        self._clear_selection()
        self.record.go_to_start()
        self.last_outcome = None
        return Feedback.sentence("info", "reset")

    def set_lang(self, lang: str) -> None:
        """Record the board's language (feedback is said in whichever language shows it)."""
        self.lang = check_language(lang)

    def set_show_legal(self, show: bool) -> None:
        """Ring the legal choices of the player to move, or not (see :meth:`highlights`)."""
        self.show_legal = bool(show)

    def set_kind(self, kind: str) -> None:
        if kind not in CLICK_MODES:
            raise ValueError(
                f"unknown action kind {excerpt(kind)}: expected {', '.join(CLICK_MODES)}"
            )
        self.kind = kind
        self._clear_selection()

    def _clear_selection(self) -> None:
        self.pending_journey = None
        self.pending_recruit = None

    def _try(self, action: Action) -> Feedback:
        try:
            outcome = self.record.play(action)
        except IllegalActionError as error:
            refusal = error.refusal
            return Feedback("refused", refusal.words, (refusal.rule,), refusal, action=action)
        self.last_outcome = outcome
        return Feedback(
            "played",
            outcome.words,
            tuple(e.rule for e in outcome.events),
            events=outcome.events,
            action=action,
        )

    # ------------------------------------------------------------------ what to show

    def highlights(self) -> tuple[Highlight, ...]:
        """Selected spaces, legal targets of the pending selection, what the last action
        moved."""
        pos = self.position
        highlights: list[Highlight] = []
        if self.pending_journey is not None:
            highlights.append(Highlight("selected", village=self.pending_journey))
            for a, b in BRIDGES:
                if self.pending_journey in (a, b) and pos.bridge_intact(a, b):
                    other = b if a == self.pending_journey else a
                    highlights.append(Highlight("target", village=other))
        elif self.pending_recruit is not None:
            master_type, village = self.pending_recruit
            highlights.append(Highlight("selected", village=village, type=master_type))
            for action in pos.legal_actions():
                if isinstance(action, Recruit) and len(action.students) == 2:
                    if self.pending_recruit in action.students:
                        partner = [s for s in action.students if s != self.pending_recruit][0]
                        highlights.append(Highlight("target", village=partner[1], type=partner[0]))
        elif self.show_legal and pos.phase == "play":
            # Not during set-up: there nearly every empty space is legal, so rings would
            # cover the board and say nothing a refusal does not say better.
            highlights += legal_targets(pos)
        if self.last_outcome is not None and self.last_outcome.position is pos:
            highlights += moved_highlights(self.last_outcome)
        return tuple(highlights)


def _outcome_of(node: Node) -> Outcome | None:
    """The move that led to ``node`` as an outcome (None at the root)."""
    if node.parent is None or node.action is None:
        return None
    return Outcome(node.parent.position, node.action, node.position)


def legal_targets(pos: Position) -> list[Highlight]:
    """A target mark on every space a legal action of ``pos`` starts from: the space of a
    placement, of a recruit of one student, and the origin village of a journey."""
    seen: set[tuple[str, str | None]] = set()
    for action in pos.legal_actions():
        if isinstance(action, Place):
            seen.add((action.village, action.type))
        elif isinstance(action, Recruit) and len(action.students) == 1:
            seen.add((action.students[0][1], action.students[0][0]))
        elif isinstance(action, Journey):
            seen.add((action.origin, None))
    return [
        Highlight("target", village=v, type=t)
        for v, t in sorted(seen, key=lambda s: (s[0], s[1] or ""))
    ]


def moved_highlights(outcome: Outcome) -> list[Highlight]:
    """The highlights of what ``outcome``'s action moved: the placed or recruited pieces, the
    bridge crossed and the travellers that arrived."""
    action = outcome.action
    if isinstance(action, Place):
        return [Highlight("moved", village=action.village, type=action.type)]
    if isinstance(action, Recruit):
        return [Highlight("moved", village=v, type=t) for t, v in action.students]
    if isinstance(action, Journey):
        highlights = [Highlight("moved", bridge=(action.origin, action.destination))]
        for event in outcome.events:
            if event.kind == "traveller":
                highlights.append(
                    Highlight("moved", village=action.destination, type=str(event.params["type"]))
                )
        return highlights
    return []


def _journey_start_refusal(pos: Position, village: str) -> Refusal | None:
    """Why ``village`` cannot start a journey now (before a destination is chosen)."""
    for a, b in BRIDGES:
        if village in (a, b) and pos.bridge_intact(a, b):
            other = b if a == village else a
            return pos.check(Journey(village, other))
    # no intact bridge: let the engine name the rule with any neighbour
    for a, b in BRIDGES:
        if village in (a, b):
            return pos.check(Journey(village, b if a == village else a))
    return None


def _validated(target: object) -> HitTarget:
    if target is None:
        return None
    if not isinstance(target, tuple) or not target or not all(isinstance(t, str) for t in target):
        raise ShangrilaError(problem("click_target", value=excerpt(target)))
    kind = target[0]
    if kind == "space" and len(target) == 3:
        if target[1] not in VILLAGE_INDEX or target[2] not in MASTER_TYPES:
            raise ShangrilaError(
                problem("click_space", space=excerpt(target[2]), village=excerpt(target[1]))
            )
    elif kind == "village" and len(target) == 2:
        if target[1] not in VILLAGE_INDEX:
            raise ShangrilaError(problem("click_village", value=excerpt(target[1])))
    elif not (kind == "bridge" and len(target) == 3):
        raise ShangrilaError(problem("click_target", value=excerpt(target)))
    return target
