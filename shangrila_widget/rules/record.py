"""A game record: a tree of positions with a main line and variations, undo and redo.

Playing after an undo does not throw the old continuation away: it becomes a variation
(the first child of a node is its main line). The record is saved and loaded as JSON.

>>> record = GameRecord(Position.new_game(["red", "blue", "yellow"]))
>>> _ = record.play("place healer A"); _ = record.play("place healer B")
>>> record.undo().to_move
'blue'
>>> _ = record.play("place healer C")  # C is out of play with three players
Traceback (most recent call last):
...
shangrila_widget.rules.errors.IllegalActionError: SETUP-THREE: Village C is out of play in a \
three-player game.
>>> _ = record.play("place healer D")  # a variation beside "place healer B"
>>> for node in record.current.parent.children:
...     print(node.action)
place healer B
place healer D
>>> GameRecord.from_json(record.to_json()).current.position == record.position
True
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any, Final

from shangrila_widget.rules.actions import Action, parse_action
from shangrila_widget.rules.errors import RecordError, ShangrilaError
from shangrila_widget.rules.explain import Event, Outcome
from shangrila_widget.rules.messages import LANGUAGES, Language
from shangrila_widget.rules.position import Position

RECORD_FORMAT: Final = "shangrila-record/1"


class Node:
    """One position in the tree, reached from its parent by ``action``."""

    __slots__ = ("position", "action", "parent", "children", "comment", "_outcome", "_last")

    def __init__(
        self,
        position: Position,
        action: Action | None = None,
        parent: Node | None = None,
        outcome: Outcome | None = None,
    ) -> None:
        self.position = position
        self.action = action
        self.parent = parent
        self.children: list[Node] = []
        self.comment = ""
        self._outcome = outcome
        self._last = 0  # the child redo goes back to

    @property
    def events(self) -> tuple[Event, ...]:
        """The events of the action that led here (empty for the root)."""
        if self.parent is None or self.action is None:
            return ()
        if self._outcome is None:
            self._outcome = Outcome(self.parent.position, self.action, self.position)
        return self._outcome.events

    @property
    def ply(self) -> int:
        """Actions from the start to this node."""
        return 0 if self.parent is None else self.parent.ply + 1

    def path(self) -> list[int]:
        """Child indices from the root to this node."""
        indices: list[int] = []
        node = self
        while node.parent is not None:
            indices.append(node.parent.children.index(node))
            node = node.parent
        return indices[::-1]

    def is_main_line(self) -> bool:
        """True if every step from the root to here is a first child."""
        return all(i == 0 for i in self.path())

    def __repr__(self) -> str:
        return f"<Node ply={self.ply} action={self.action}>"


class GameRecord:
    """A game from a start position: the tree of every line tried and the current node."""

    def __init__(self, start: Position, *, lang: Language = "en") -> None:
        if lang not in LANGUAGES:
            raise ShangrilaError(f"unknown language {lang!r}: expected 'en' or 'pl'")
        self.root = Node(start)
        self.current = self.root
        self.lang: Language = lang

    @property
    def position(self) -> Position:
        """The position at the current node."""
        return self.current.position

    def play(self, action: Action | str, player: str | None = None) -> Outcome:
        """Play from the current node; refused actions raise and change nothing.

        Replaying the action of an existing child moves into it instead of adding a copy.
        """
        outcome = self.current.position.play(action, player)
        for index, child in enumerate(self.current.children):
            if child.action == outcome.action:
                self.current._last = index
                self.current = child
                return outcome
        child = Node(outcome.position, outcome.action, self.current, outcome)
        self.current.children.append(child)
        self.current._last = len(self.current.children) - 1
        self.current = child
        return outcome

    def explain(self, node: Node | None = None) -> list[str]:
        """The messages of the action that led to ``node`` (default: the current one), in
        the record's language.

        >>> record = GameRecord(Position.new_game(["red", "blue", "yellow"]), lang="pl")
        >>> _ = record.play("place healer A")
        >>> record.explain()
        ['Gracz Czerwony umieszcza Uzdrowiciela w wiosce A.']
        """
        return [event.message(self.lang) for event in (node or self.current).events]

    def can_undo(self) -> bool:
        return self.current.parent is not None

    def can_redo(self) -> bool:
        return bool(self.current.children)

    def undo(self) -> Position:
        """Step back one action; raises :class:`RecordError` at the start."""
        if self.current.parent is None:
            raise RecordError("nothing to undo: this is the start of the record")
        self.current = self.current.parent
        return self.current.position

    def redo(self) -> Position:
        """Step forward along the line last visited; raises :class:`RecordError` at its end."""
        if not self.current.children:
            raise RecordError("nothing to redo: this is the end of the line")
        self.current = self.current.children[self.current._last]
        return self.current.position

    def go_to(self, node: Node) -> Position:
        """Make ``node`` (of this record) the current one."""
        walk: Node | None = node
        while walk is not None and walk is not self.root:
            walk = walk.parent
        if walk is None:
            raise RecordError("that node belongs to another record")
        self.current = node
        return node.position

    def go_to_start(self) -> Position:
        return self.go_to(self.root)

    def go_to_end(self) -> Position:
        """Follow redo to the end of the current line."""
        while self.current.children:
            self.redo()
        return self.current.position

    def main_line(self) -> Iterator[Node]:
        """The nodes of the main line after the root."""
        node = self.root
        while node.children:
            node = node.children[0]
            yield node

    def promote(self, node: Node | None = None) -> None:
        """Make ``node`` (default: current) the first child of its parent: its line becomes
        the main line from there."""
        node = node or self.current
        if node.parent is None:
            return
        siblings = node.parent.children
        siblings.remove(node)
        siblings.insert(0, node)
        node.parent._last = 0

    def delete(self, node: Node | None = None) -> None:
        """Remove ``node`` (default: current) and everything after it; the current node moves
        to its parent if it was inside the removed branch."""
        node = node or self.current
        if node.parent is None:
            raise RecordError("the start of the record cannot be deleted")
        walk: Node | None = self.current
        while walk is not None and walk is not node:
            walk = walk.parent
        if walk is node:
            self.current = node.parent
        node.parent.children.remove(node)
        node.parent._last = 0

    # ------------------------------------------------------------------ saving

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON data: start position, the tree of actions, the current path."""

        def tree(node: Node) -> list[dict[str, Any]]:
            return [
                {
                    "action": str(child.action),
                    **({"comment": child.comment} if child.comment else {}),
                    "children": tree(child),
                }
                for child in node.children
            ]

        return {
            "format": RECORD_FORMAT,
            "lang": self.lang,
            "start": self.root.position.to_dict(),
            "tree": tree(self.root),
            "current": self.current.path(),
        }

    def to_json(self, *, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: object) -> GameRecord:
        """Load a record, replaying (and so re-checking) every action in the tree."""
        if not isinstance(data, dict):
            raise RecordError("a game record must be a JSON object")
        if data.get("format") != RECORD_FORMAT:
            raise RecordError(f"format: expected {RECORD_FORMAT!r}")
        lang = data.get("lang", "en")
        if lang not in LANGUAGES:
            raise RecordError(f"lang: expected 'en' or 'pl', got {lang!r}")
        record = cls(Position.from_dict(data.get("start")), lang=lang)

        def grow(node: Node, entries: object, path: str) -> None:
            if not isinstance(entries, list):
                raise RecordError(f"{path}: expected a list of moves")
            for i, entry in enumerate(entries):
                where = f"{path}[{i}]"
                if not isinstance(entry, dict) or not isinstance(entry.get("action"), str):
                    raise RecordError(f"{where}: expected an object with an 'action' text")
                try:
                    outcome = node.position.play(parse_action(entry["action"]))
                except ShangrilaError as error:
                    raise RecordError(f"{where}.action: {error}") from None
                child = Node(outcome.position, outcome.action, node, outcome)
                child.comment = str(entry.get("comment", ""))
                node.children.append(child)
                grow(child, entry.get("children", []), f"{where}.children")

        grow(record.root, data.get("tree", []), "tree")
        node = record.root
        for step in data.get("current", []):
            if not isinstance(step, int) or not 0 <= step < len(node.children):
                raise RecordError("current: the path does not lead to a node of the tree")
            node = node.children[step]
        record.current = node
        return record

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError, TypeError) as error:
            raise RecordError(f"not valid JSON: {error}") from None
        return cls.from_dict(data)
