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
from shangrila_widget.rules.errors import (
    PositionError,
    RecordError,
    ShangrilaError,
    at_path,
    excerpt,
    key_path,
)
from shangrila_widget.rules.messages import LANGUAGES, Language, problem
from shangrila_widget.rules.position import Position
from shangrila_widget.rules.position_json import RECORD_FORMAT, check_format, load_json
from shangrila_widget.rules.results import Event, Outcome


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
        count, node = 0, self.parent
        while node is not None:
            count, node = count + 1, node.parent
        return count

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

    def __init__(self, start: Position) -> None:
        if not isinstance(start, Position):
            raise TypeError(f"a record starts from a Position, got {excerpt(start)}")
        self.root = Node(start)
        self.current = self.root

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

    def explain(self, node: Node | None = None, lang: Language = "en") -> list[str]:
        """The messages of the action that led to ``node`` (default: the current one) in
        ``lang``; the record keeps no language, whoever explains chooses it.

        >>> record = GameRecord(Position.new_game(["red", "blue", "yellow"]))
        >>> _ = record.play("place healer A")
        >>> record.explain(lang="pl")
        ['Gracz Czerwony umieszcza Uzdrowiciela w wiosce A.']
        """
        return [event.message(lang) for event in self._own(node).events]

    def can_undo(self) -> bool:
        return self.current.parent is not None

    def can_redo(self) -> bool:
        return bool(self.current.children)

    def undo(self) -> Position:
        """Step back one action; raises :class:`RecordError` at the start."""
        if self.current.parent is None:
            raise RecordError(problem("record_undo"))
        self.current = self.current.parent
        return self.current.position

    def redo(self) -> Position:
        """Step forward along the line last visited; raises :class:`RecordError` at its end."""
        if not self.current.children:
            raise RecordError(problem("record_redo"))
        self.current = self.current.children[self.current._last]
        return self.current.position

    def _own(self, node: object) -> Node:
        """``node`` if it is a node of this record (None: the current one), else raise."""
        if node is None:
            return self.current
        if not isinstance(node, Node):
            raise TypeError(f"expected a node of this record, got {excerpt(node)}")
        walk: Node | None = node
        while walk is not None and walk is not self.root:
            walk = walk.parent
        if walk is None:
            raise RecordError(problem("record_other_node"))
        return node

    def go_to(self, node: Node) -> Position:
        """Make ``node`` (of this record) the current one."""
        self.current = self._own(node)
        return self.current.position

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
        node = self._own(node)
        if node.parent is None:
            return
        siblings = node.parent.children
        siblings.remove(node)
        siblings.insert(0, node)
        node.parent._last = 0

    def delete(self, node: Node | None = None) -> None:
        """Remove ``node`` (default: current) and everything after it; the current node moves
        to its parent if it was inside the removed branch."""
        node = self._own(node)
        if node.parent is None:
            raise RecordError(problem("record_delete_start"))
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
        tree: list[dict[str, Any]] = []
        # (node, the list its children's entries go into); a loop, not recursion, so that a
        # long game cannot overflow the stack
        todo: list[tuple[Node, list[dict[str, Any]]]] = [(self.root, tree)]
        while todo:
            node, entries = todo.pop()
            for child in node.children:
                entry: dict[str, Any] = {"action": str(child.action)}
                if child.comment:
                    entry["comment"] = child.comment
                entry["children"] = []
                entries.append(entry)
                todo.append((child, entry["children"]))
        return {
            "format": RECORD_FORMAT,
            "start": self.root.position.to_dict(),
            "tree": tree,
            "current": self.current.path(),
        }

    def to_json(self, *, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: object) -> GameRecord:
        """Load a record, replaying (and so re-checking) every action in the tree.

        Raises :class:`RecordError` naming where the problem is (``tree[0].children[1]``).
        """
        if not isinstance(data, dict):
            raise RecordError(problem("record_object", value=excerpt(data)))
        # the format first: a position (or another document) has other keys
        check_format(data.get("format"), RECORD_FORMAT, RecordError)
        for key in data:
            if not isinstance(key, str):
                raise RecordError(problem("key_text", value=excerpt(key)))
            if key not in _RECORD_KEYS:
                raise RecordError(
                    at_path(key_path("", key), problem("unknown_key", known=list(_RECORD_KEYS)))
                )
        # Records saved by older versions carry the language they were shown in: it is
        # checked and left out (the language belongs to whoever explains the record).
        lang = data.get("lang", "en")
        if lang not in LANGUAGES:
            raise RecordError(at_path("lang", problem("record_lang", value=excerpt(lang))))
        if "start" not in data:
            raise RecordError(at_path("start", problem("missing_key")))
        try:
            start = Position.from_dict(data["start"])
        except PositionError as error:
            inner = error.path
            where = "start" + ("" if not inner else inner if inner[0] == "[" else "." + inner)
            raise RecordError(at_path(where, error.problem_words)) from None
        record = cls(start)

        # a loop over (node, its entries, their path), not recursion: a deep tree cannot
        # overflow the stack
        todo: list[tuple[Node, object, str]] = [(record.root, data.get("tree", []), "tree")]
        while todo:
            node, entries, path = todo.pop()
            if not isinstance(entries, list):
                raise RecordError(at_path(path, problem("record_moves", value=excerpt(entries))))
            for i, entry in enumerate(entries):
                where = f"{path}[{i}]"
                if not isinstance(entry, dict) or not isinstance(entry.get("action"), str):
                    raise RecordError(at_path(where, problem("record_entry")))
                for key in entry:
                    if not isinstance(key, str):
                        raise RecordError(at_path(where, problem("key_text", value=excerpt(key))))
                    if key not in _ENTRY_KEYS:
                        raise RecordError(
                            at_path(
                                key_path(where, key),
                                problem("unknown_key", known=list(_ENTRY_KEYS)),
                            )
                        )
                comment = entry.get("comment", "")
                if not isinstance(comment, str):
                    raise RecordError(
                        at_path(
                            f"{where}.comment", problem("record_comment", value=excerpt(comment))
                        )
                    )
                try:
                    outcome = node.position.play(parse_action(entry["action"]))
                except ShangrilaError as error:
                    raise RecordError(at_path(f"{where}.action", error.words)) from None
                child = Node(outcome.position, outcome.action, node, outcome)
                child.comment = comment
                node.children.append(child)
                todo.append((child, entry.get("children", []), f"{where}.children"))
        # children were filled depth-first from a stack: their order is the entries' order
        node = record.root
        steps = data.get("current", [])
        if not isinstance(steps, list):
            raise RecordError(at_path("current", problem("record_current", value=excerpt(steps))))
        for step in steps:
            if (
                not isinstance(step, int)
                or isinstance(step, bool)
                or not 0 <= step < len(node.children)
            ):
                raise RecordError(at_path("current", problem("record_path")))
            node = node.children[step]
        record.current = node
        return record

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        """Load a record from its JSON text (see :meth:`from_dict`)."""
        return cls.from_dict(load_json(text, RecordError))


_RECORD_KEYS: Final = ("format", "start", "tree", "current", "lang")
_ENTRY_KEYS: Final = ("action", "comment", "children")
