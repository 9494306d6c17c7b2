"""The package's error types. All subclass :class:`ValueError`, like python-chess's.

>>> from shangrila_widget.rules import Position
>>> try:
...     Position.from_json('{"format": "shangrila-position/1", "players": ["red", "pink"]}')
... except PositionError as error:
...     print(error)
to_move: missing required key
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from shangrila_widget.rules.explain import Refusal


class ShangrilaError(ValueError):
    """Base class of every error this package raises on bad input."""


class PositionError(ShangrilaError):
    """A position (JSON, dict or compact string) is malformed or impossible.

    ``path`` names the key path of the problem (``"villages.A.healer.owner"``), ``problem``
    says what is wrong with it.
    """

    def __init__(self, path: str, problem: str) -> None:
        super().__init__(f"{path}: {problem}" if path else problem)
        self.path = path
        self.problem = problem


class ActionParseError(ShangrilaError):
    """An action text could not be read; the message says what was expected."""


class IllegalActionError(ShangrilaError):
    """A well-formed action that the rules refuse in this position.

    ``refusal`` carries the rule id and the explanation in English and Polish.
    """

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(f"{refusal.rule}: {refusal.message('en')}")
        self.refusal = refusal

    @property
    def rule(self) -> str:
        """The id of the rule that refuses the action, such as ``"PLACE-SPACE"``."""
        return self.refusal.rule


class RecordError(ShangrilaError):
    """A game record could not be read, or an undo/redo/step has nowhere to go."""
