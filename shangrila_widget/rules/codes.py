"""The small integers a :class:`~shangrila_widget.rules.position.Position` is made of, in one
place for the position, its JSON reader and the engine.

A position keeps its phase as a code (``SETUP``, ``PLAY``, ``OVER``) and each of the 91
spaces as a cell code: 0 empty, 1-4 a master of colour index code-1, 5-8 the same master with
its student on it (``STUDENT_OFFSET`` more).

>>> PHASES[PLAY], STRENGTH[1], STRENGTH[1 + STUDENT_OFFSET], setup_caps(3)
('play', 1, 2, (1, 2))
"""

from __future__ import annotations

from typing import Final, Literal

from shangrila_widget.rules.board import OUT_OF_PLAY_WITH_THREE, VILLAGE_INDEX

Phase = Literal["setup", "play", "over"]
#: The phase names, indexed by phase code.
PHASES: Final[tuple[Phase, ...]] = ("setup", "play", "over")
SETUP: Final = 0
PLAY: Final = 1
OVER: Final = 2

#: The cell code of an empty space.
EMPTY: Final = 0
#: Added to a master's cell code when its student lies on it.
STUDENT_OFFSET: Final = 4
#: Tiles on a space by cell code: a master counts 1, a master with its student 2.
STRENGTH: Final = (0, 1, 1, 1, 1, 2, 2, 2, 2)
#: The index of village C, out of play with three players.
C_INDEX: Final = VILLAGE_INDEX[OUT_OF_PLAY_WITH_THREE]


def setup_caps(player_count: int) -> tuple[int, int]:
    """(most tiles of one colour, most tiles in all) per village during set-up (``SETUP-CAP``)."""
    return (2, 3) if player_count == 4 else (1, 2)


__all__ = [
    "C_INDEX",
    "EMPTY",
    "OVER",
    "PHASES",
    "PLAY",
    "SETUP",
    "STRENGTH",
    "STUDENT_OFFSET",
    "Phase",
    "setup_caps",
]
