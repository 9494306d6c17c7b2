"""What a picture of the board can point at: :class:`Highlight`, pure data.

The tour model, the board controller and the scene builder all speak of highlights; this
module holds the type alone (no drawing), so the pure tour model need not import the scene.

>>> Highlight("moved", bridge=("A", "B"))
Highlight(kind='moved', village=None, type=None, bridge=('A', 'B'))
>>> selection_highlight(("space", "C", "healer"))
Highlight(kind='selected', village='C', type='healer', bridge=None)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal, Protocol

from shangrila_widget.rules.errors import ShangrilaError
from shangrila_widget.rules.messages import problem

HighlightKind = Literal["target", "selected", "moved", "refused", "hint", "reply"]

#: Every highlight kind, in the order the scene draws their rings.
HIGHLIGHT_KINDS: Final[tuple[HighlightKind, ...]] = (
    "target",
    "selected",
    "moved",
    "refused",
    "hint",
    "reply",
)

__all__ = ["HIGHLIGHT_KINDS", "Highlight", "HighlightKind", "HighlightLike", "selection_highlight"]


@dataclass(frozen=True, slots=True)
class Highlight:
    """Something the board points at: a space (village and type), a village, or a bridge.

    ``kind`` is ``"target"`` (a legal choice), ``"selected"``, ``"moved"`` (what the last
    action did; a bridge ``(origin, destination)`` gets an arrow), ``"refused"``, ``"hint"``
    (a suggested action, in magenta; a bridge gets an arrow too) or ``"reply"`` (the answer
    the search expects to a hint, dotted dark grey; a bridge gets an arrow too).
    """

    kind: str
    village: str | None = None
    type: str | None = None
    bridge: tuple[str, str] | None = None


class HighlightLike(Protocol):
    """Anything with the four fields of :class:`Highlight`."""

    @property
    def kind(self) -> str: ...
    @property
    def village(self) -> str | None: ...
    @property
    def type(self) -> str | None: ...
    @property
    def bridge(self) -> tuple[str, str] | None: ...


def selection_highlight(selection: tuple[str, ...]) -> Highlight:
    """The ``"selected"`` highlight of a hit-test target (``("space", v, t)``,
    ``("village", v)`` or ``("bridge", a, b)``); ValueError for anything else."""
    if selection[0] == "space" and len(selection) == 3:
        return Highlight("selected", village=selection[1], type=selection[2])
    if selection[0] == "village" and len(selection) == 2:
        return Highlight("selected", village=selection[1])
    if selection[0] == "bridge" and len(selection) == 3:
        return Highlight("selected", bridge=(selection[1], selection[2]))
    raise ShangrilaError(problem("render_not_target", value=repr(selection)))
