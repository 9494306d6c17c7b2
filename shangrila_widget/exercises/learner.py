"""What one learner has shown: per rule and per misreading, right and wrong answers, which
misreading a wrong answer came from, and when (pure Python, no widget imports).

Everything the model says is read off the learner's answers in order, so that what is saved
is only those answers (``shangrila-learner/1``, see :meth:`Learner.to_dict`) and a file
written by one version is read the same by the next.

- A rule is **held** after right answers in a row, since its last wrong one, in at least two
  different kinds of question (two right answers for a rule that only one kind asks about:
  the legality rules and the scoring).
- A misreading **shown** (a wrong answer that is right under it) comes back: it is *due*
  :data:`RETURNS` questions later (3, then 8 more after it was answered right); once it has
  been answered right at both returns it is *cleared*. A misreading that was offered and
  answered right without ever being shown is cleared at once.

>>> learner = Learner("ada")
>>> learner.record("e1", "legal", ("PLACE-PRESENCE",), ("place-without-presence",),
...                chosen="place-without-presence").correct
False
>>> learner.misreading("place-without-presence").due
4
>>> learner.held("PLACE-PRESENCE")
False
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from shangrila_widget.exercises.model import MISREADINGS
from shangrila_widget.rules.errors import ShangrilaError, excerpt
from shangrila_widget.rules.messages import Message

#: The format of a learner's file.
FORMAT: Final = "shangrila-learner/1"

#: How many questions after it was shown a misreading comes back, then again after that.
RETURNS: Final = (3, 8)

#: Rules only one kind of question asks about (``legal``, ``who_wins``): held after two right
#: answers in a row of that kind.
ONE_KIND_RULES: Final = frozenset(
    r for m in MISREADINGS.values() if m.kind != "journey" for r in m.rules
) - frozenset(r for m in MISREADINGS.values() if m.kind == "journey" for r in m.rules)


class LearnerFileError(ShangrilaError):
    """A learner's file that cannot be read: names the file and what is wrong with it (the
    file itself is left as it is)."""


@dataclass(frozen=True)
class Answer:
    """One answer: the question's number (``at``, counting from 1), its exercise, kind and
    rules, the misreadings its options offered and the one the chosen option came from."""

    at: int
    exercise: str
    kind: str
    rules: tuple[str, ...]
    offered: tuple[str, ...]
    chosen: str | None
    correct: bool

    def to_dict(self) -> dict[str, Any]:
        return {
            "at": self.at,
            "exercise": self.exercise,
            "kind": self.kind,
            "rules": list(self.rules),
            "offered": list(self.offered),
            "chosen": self.chosen,
            "correct": self.correct,
        }


@dataclass
class RuleState:
    """What the learner has shown on one rule."""

    right: int = 0
    wrong: int = 0
    last_wrong: int = 0  # the question's number, 0: never
    streak: list[str] = field(default_factory=list)  # kinds answered right since then

    def held(self, rule: str) -> bool:
        if len(self.streak) < 2:
            return False
        return rule in ONE_KIND_RULES or len(set(self.streak)) >= 2


@dataclass
class MisreadingState:
    """What the learner has shown of one misreading: how often it was offered and chosen,
    how many of its returns were answered right, when it is due again."""

    offered: int = 0
    shown: int = 0
    returned: int = 0  # returns answered right since it was last shown
    due: int = 0  # the question's number it comes back at (0: not waiting)
    cleared: bool = False

    @property
    def waiting(self) -> bool:
        """Shown and not yet answered right at every return."""
        return self.shown > 0 and not self.cleared


class Learner:
    """One learner's answers and what they show (see the module's text)."""

    def __init__(self, name: str, answers: Sequence[Answer] = ()) -> None:
        self.name = name
        self.answers: list[Answer] = []
        self.rules: dict[str, RuleState] = {}
        self.misreadings: dict[str, MisreadingState] = {}
        for answer in answers:
            self._take(answer)

    @property
    def seen(self) -> int:
        """How many questions the learner has answered."""
        return len(self.answers)

    def record(
        self,
        exercise: str,
        kind: str,
        rules: Sequence[str],
        offered: Sequence[str],
        *,
        chosen: str | None = None,
        correct: bool | None = None,
    ) -> Answer:
        """Take one answer: the exercise's id, kind and rules, the misreadings its options
        offered, and the misreading of the chosen option (None: the right one, unless
        ``correct`` says otherwise)."""
        answer = Answer(
            self.seen + 1,
            exercise,
            kind,
            tuple(rules),
            tuple(m for m in offered),
            chosen,
            chosen is None if correct is None else correct,
        )
        self._take(answer)
        return answer

    def _take(self, answer: Answer) -> None:
        self.answers.append(answer)
        for rule in answer.rules:
            state = self.rules.setdefault(rule, RuleState())
            if answer.correct:
                state.right += 1
                state.streak.append(answer.kind)
            else:
                state.wrong += 1
                state.last_wrong = answer.at
                state.streak = []
        for key in answer.offered:
            m = self.misreadings.setdefault(key, MisreadingState())
            m.offered += 1
            if key == answer.chosen:
                m.shown += 1
                m.returned = 0
                m.cleared = False
                m.due = answer.at + RETURNS[0]
            elif not answer.correct:
                continue  # another misreading was chosen: this one is not ruled out
            elif m.shown == 0:
                m.cleared = True
            elif not m.cleared and answer.at >= m.due:
                m.returned += 1
                if m.returned >= len(RETURNS):
                    m.cleared, m.due = True, 0
                else:
                    m.due = answer.at + RETURNS[m.returned]

    def held(self, rule: str) -> bool:
        """Whether the learner holds ``rule`` (see the module's text)."""
        state = self.rules.get(rule)
        return state is not None and state.held(rule)

    def misreading(self, key: str) -> MisreadingState:
        """What the learner has shown of the misreading ``key`` (all zero: never offered)."""
        return self.misreadings.get(key, MisreadingState())

    def due(self) -> list[str]:
        """The misreadings waiting to come back whose time has come, the longest waiting
        first."""
        now = self.seen + 1
        waiting = [(m.due, k) for k, m in self.misreadings.items() if m.waiting and m.due <= now]
        return [k for _, k in sorted(waiting)]

    def waiting(self) -> list[str]:
        """Every misreading shown and not yet cleared, soonest due first."""
        return [k for _, k in sorted((m.due, k) for k, m in self.misreadings.items() if m.waiting)]

    def weakness(self, rule: str) -> tuple[int, int, int, int]:
        """A key to sort rules by, weakest first: not held, fewest right in a row, most wrong
        answers, wrong most lately."""
        state = self.rules.get(rule, RuleState())
        return (
            int(state.held(rule)),
            len(state.streak),
            state.right - 2 * state.wrong,
            -state.last_wrong,
        )

    # ------------------------------------------------------------------ files

    def to_dict(self) -> dict[str, Any]:
        """The learner as JSON: ``{"format": "shangrila-learner/1", "name": ..., "answers":
        [...]}``."""
        return {
            "format": FORMAT,
            "name": self.name,
            "answers": [a.to_dict() for a in self.answers],
        }

    @classmethod
    def from_dict(cls, data: object, where: str = "") -> Learner:
        """The learner of :meth:`to_dict`'s JSON; :class:`LearnerFileError` naming ``where``
        and what is wrong."""

        def bad(what: str) -> LearnerFileError:
            return LearnerFileError(Message("error.path_bad_file", {"file": where, "why": what}))

        if not isinstance(data, Mapping):
            raise bad(f"expected a JSON object, got {excerpt(data)}")
        if data.get("format") != FORMAT:
            raise bad(f"format: expected {FORMAT!r}, got {excerpt(data.get('format'))}")
        name, raw = data.get("name"), data.get("answers")
        if not isinstance(name, str) or not isinstance(raw, list):
            raise bad("expected a name (text) and answers (a list)")
        answers = []
        for i, item in enumerate(raw):
            try:
                answers.append(_answer(item, i + 1))
            except (KeyError, TypeError, ValueError) as error:
                raise bad(f"answers[{i}]: {error}") from None
        return cls(name, answers)

    def save(self, path: Path) -> None:
        """Write the learner to ``path`` atomically: a temporary file beside it, flushed to
        the disk, then renamed over it (a process killed meanwhile leaves the old file)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps(self.to_dict(), ensure_ascii=False, indent=1) + "\n"
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                file.write(text)
                file.flush()
                os.fsync(file.fileno())
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise

    @classmethod
    def load(cls, path: Path) -> Learner:
        """The learner saved in ``path``; :class:`LearnerFileError` (naming the file) for a
        file that cannot be read, which is left untouched."""
        where = str(path)
        try:
            text = path.read_text(encoding="utf-8")
            data = json.loads(text)
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
            why = Message("error.path_bad_file", {"file": where, "why": str(error)})
            raise LearnerFileError(why) from None
        return cls.from_dict(data, where)


def learner_file(name: str, folder: Path | None = None) -> Path:
    """The file of learner ``name``: ``learners/NAME.json`` in ``folder``, by default the
    user's data folder (platformdirs, else ``~/.local/share/shangrila``)."""
    if folder is None:
        try:
            from platformdirs import user_data_dir
        except ImportError:  # pragma: no cover - platformdirs comes with Jupyter
            folder = Path(os.path.expanduser("~/.local/share")) / "shangrila"
        else:
            folder = Path(user_data_dir("shangrila"))
    return folder / "learners" / f"{name}.json"


def _answer(item: object, at: int) -> Answer:
    if not isinstance(item, Mapping):
        raise TypeError(f"expected an object, got {excerpt(item)}")
    if item["at"] != at:
        raise ValueError(f"at: expected {at}, got {excerpt(item['at'])}")
    texts = {k: item[k] for k in ("exercise", "kind")}
    lists = {k: item[k] for k in ("rules", "offered")}
    chosen, correct = item["chosen"], item["correct"]
    if not all(isinstance(v, str) for v in texts.values()):
        raise TypeError("exercise and kind: expected text")
    if not all(isinstance(v, list) and all(isinstance(x, str) for x in v) for v in lists.values()):
        raise TypeError("rules and offered: expected lists of text")
    if not (chosen is None or chosen in MISREADINGS) or not isinstance(correct, bool):
        raise ValueError(f"chosen: not a misreading: {excerpt(chosen)}")
    return Answer(
        at,
        texts["exercise"],
        texts["kind"],
        tuple(lists["rules"]),
        tuple(lists["offered"]),
        chosen,
        correct,
    )


__all__ = [
    "FORMAT",
    "ONE_KIND_RULES",
    "RETURNS",
    "Answer",
    "Learner",
    "LearnerFileError",
    "learner_file",
    "MisreadingState",
    "RuleState",
]
