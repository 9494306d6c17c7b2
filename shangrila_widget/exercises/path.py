"""The learning path: the tour's chapters in order, each followed by exercises chosen by the
learner model, a last look at every misreading left, then a first game (pure Python).

The next question (:meth:`LearningPath.next_exercise`), in this order of need:

1. a misreading the learner has shown whose time to come back has come
   (:meth:`~shangrila_widget.exercises.learner.Learner.due`), on a new exercise that offers it;
2. misreadings of the stage not yet put to the learner, as many in one exercise as can be;
3. the weakest rule the learner has met (the rules of the stages so far), in a kind of
   question other than the one last answered right on it.

Stars per chapter (:meth:`LearningPath.stars`): one for a right answer on one of its rules,
two when it is done (every rule held, every misreading shown answered right at its returns),
three when it was done with at most one wrong answer on its rules.

>>> from shangrila_widget.exercises.learner import Learner
>>> path = LearningPath()
>>> path.stages[0].id, path.stages[-1].id
('placing-a-master', 'review')
>>> path.stage_of(Learner("ada")).id
'placing-a-master'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from shangrila_widget.exercises.exercise import Exercise, Option
from shangrila_widget.exercises.generate import ASKABLE_RULES, exercises_on, generate
from shangrila_widget.exercises.learner import Answer, Learner
from shangrila_widget.exercises.model import MISREADINGS
from shangrila_widget.rules.messages import Language, Message, rule_title, say

#: The bot level and hints of the game the path ends with.
FIRST_GAME: Final = {"level": "easy", "hints": True}


@dataclass(frozen=True)
class Stage:
    """A stage of the path: a tour chapter (its title from the tour) or the last review; the
    rules it asks to be held and the misreadings it puts to the learner."""

    id: str
    title: Message | dict[str, str]
    rules: tuple[str, ...]
    misreadings: tuple[str, ...]

    def name(self, lang: Language) -> str:
        return self.title[lang] if isinstance(self.title, dict) else self.title.text(lang)


def offered(exercise: Exercise) -> tuple[str, ...]:
    """The misreadings an exercise's options come from."""
    return tuple(o.misreading for o in exercise.options if o.misreading is not None)


def record_answer(learner: Learner, key: str, exercise: Exercise, option: Option) -> Answer:
    """Give ``learner`` the answer ``option`` to ``exercise`` (the path's id ``key``)."""
    return learner.record(
        key,
        exercise.kind,
        exercise.rules,
        offered(exercise),
        chosen=option.misreading,
        correct=option.correct,
    )


@lru_cache(maxsize=1)
def path_stages() -> tuple[Stage, ...]:
    """The tour's chapters in order (each with its askable rules and the misreadings of them
    no earlier chapter had), then the review of every other misreading."""
    from shangrila_widget.tour import load_chapters

    stages = []
    taken: set[str] = set()
    for chapter in load_chapters():
        rules = tuple(r for r in chapter.rules if r in ASKABLE_RULES)
        mine = tuple(
            k for k, m in MISREADINGS.items() if k not in taken and set(m.rules) & set(rules)
        )
        taken.update(mine)
        stages.append(Stage(chapter.id, dict(chapter.title), rules, mine))
    rest = tuple(k for k in MISREADINGS if k not in taken)
    stages.append(Stage("review", Message("path.review"), (), rest))
    return tuple(stages)


class Bank:
    """Where the path takes its exercises from: ``exercises`` given (a benchmark's pool), grown
    with new ones made on the rules asked for when none fits (``grow``). Each has an id of
    its own (``exercise.id`` repeats across generated sets)."""

    def __init__(
        self,
        exercises: Iterable[tuple[str, Exercise]] = (),
        *,
        seed: int = 0,
        players: int = 4,
        grow: bool = True,
    ) -> None:
        self.pool: dict[str, Exercise] = dict(exercises)
        self._seed, self._players, self.grows, self._made = seed, players, grow, 0

    def find(
        self,
        fits: Callable[[Exercise], bool],
        score: Callable[[Exercise], float],
        seen: set[str],
        rules: Sequence[str],
    ) -> tuple[str, Exercise] | None:
        """The unseen exercise that ``fits`` with the highest ``score``; new ones are made on
        ``rules`` (a few tries) when none does, and a seen one is taken last."""
        for attempt in range(4 if self.grows else 1):
            found = self._best(fits, score, seen)
            if found is not None:
                return found
            if self.grows:
                self._more(rules, attempt)
        return self._best(fits, score, set())

    def _best(
        self, fits: Callable[[Exercise], bool], score: Callable[[Exercise], float], seen: set[str]
    ) -> tuple[str, Exercise] | None:
        best = None
        for key, exercise in self.pool.items():
            if key not in seen and fits(exercise):
                value = score(exercise)
                if best is None or value > best[0]:
                    best = (value, key, exercise)
        return None if best is None else (best[1], best[2])

    def _more(self, rules: Sequence[str], attempt: int) -> None:
        self._made += 1
        seed = self._seed * 1000 + self._made
        askable = [r for r in rules if r in ASKABLE_RULES]
        if askable and attempt < 3:
            made = exercises_on(askable, 2, seed, players=self._players)
            self.pool.update((f"r{seed}-{e.id}", e) for e in made)
        else:
            made = generate(6, seed, players=self._players)
            self.pool.update((f"g{seed}-{e.id}", e) for e in made)


class LearningPath:
    """The path through :func:`path_stages` for one learner at a time (the learner's answers
    say where they are: the path keeps nothing of its own)."""

    def __init__(self, bank: Bank | None = None, stages: Sequence[Stage] | None = None) -> None:
        self.stages = tuple(stages) if stages is not None else path_stages()
        self.bank = bank if bank is not None else Bank()
        self._offerable = (
            frozenset(MISREADINGS)
            if self.bank.grows
            else frozenset(m for e in self.bank.pool.values() for m in offered(e))
        )
        self._unfound: frozenset[str] = frozenset()

    def done(self, learner: Learner, stage: Stage) -> bool:
        """Every rule of ``stage`` held, each of its misreadings put to the learner and none
        of them still to come back."""
        return all(learner.held(r) for r in stage.rules) and all(
            learner.misreading(m).cleared for m in stage.misreadings if m in self._askable()
        )

    def _askable(self) -> frozenset[str]:
        """The misreadings the bank can offer (every one, when it grows, but those it was
        asked for and could not make)."""
        return self._offerable - self._unfound

    def stage_of(self, learner: Learner) -> Stage | None:
        """The first stage not done (None: the path is done, the first game is next)."""
        return next((s for s in self.stages if not self.done(learner, s)), None)

    def stars(self, learner: Learner, stage: Stage) -> int:
        """0 to 3 stars for ``stage`` (see the module's text)."""
        states = [learner.rules[r] for r in stage.rules if r in learner.rules]
        if not any(s.right for s in states):
            return 0
        if not self.done(learner, stage):
            return 1
        wrong = sum(1 for a in learner.answers if not a.correct and set(a.rules) & set(stage.rules))
        return 3 if wrong <= 1 else 2

    def met(self, learner: Learner) -> tuple[list[str], list[str]]:
        """The rules and misreadings of the stages up to the learner's."""
        current = self.stage_of(learner)
        rules: list[str] = []
        misreadings: list[str] = []
        for stage in self.stages:
            rules += [r for r in stage.rules if r not in rules]
            misreadings += stage.misreadings
            if stage is current:
                break
        return rules, misreadings

    def practise_next(self, learner: Learner) -> tuple[list[str], list[str]]:
        """What to practise next: the misreadings waiting to come back (soonest first) and
        the rules met but not held (weakest first)."""
        rules, _ = self.met(learner)
        weak = sorted((r for r in rules if not learner.held(r)), key=learner.weakness)
        return learner.waiting(), weak

    def next_exercise(self, learner: Learner) -> tuple[str, Exercise] | None:
        """The next question for ``learner`` (None: the path is done, or the bank has nothing
        and makes nothing; see the module's text)."""
        stage = self.stage_of(learner)
        if stage is None:
            return None
        rules, misreadings = self.met(learner)
        seen = {a.exercise for a in learner.answers}
        for key in learner.due():
            found = self.bank.find(
                lambda e, k=key: k in offered(e),  # type: ignore[misc]
                lambda e: -len(e.options),
                seen,
                MISREADINGS[key].rules,
            )
            if found is not None:
                return found
        untried = {
            m
            for m in stage.misreadings
            if learner.misreading(m).offered == 0 and m in self._askable()
        }
        if untried:
            found = self.bank.find(
                lambda e: bool(untried & set(offered(e))),
                lambda e: len(untried & set(offered(e))) + 0.1 * len(set(e.rules) & set(rules)),
                seen,
                [r for m in sorted(untried) for r in MISREADINGS[m].rules],
            )
            if found is not None:
                return found
            self._unfound |= untried  # none made on their rules: not asked for again
        weak = sorted(rules or stage.rules or ASKABLE_RULES, key=learner.weakness)
        waiting = set(learner.waiting())
        for rule in weak:
            state = learner.rules.get(rule)
            last = state.streak[-1] if state is not None and state.streak else None

            def score(e: Exercise, rule: str = rule, last: str | None = last) -> float:
                other_kind = 1.0 if e.kind != last else 0.0
                not_early = -0.5 * len(waiting & set(offered(e)))
                return other_kind + not_early + 0.1 * len(set(e.rules) & set(rules))

            found = self.bank.find(lambda e, r=rule: r in e.rules, score, seen, [rule])  # type: ignore[misc]
            if found is not None:
                return found
        # Nothing on the rules met: whatever comes nearest them.
        return self.bank.find(lambda e: True, lambda e: len(set(e.rules) & set(rules)), seen, rules)


def stars_text(count: int) -> str:
    """``count`` stars of three, as ★ and ☆."""
    return "★" * count + "☆" * (3 - count)


def stage_line(path: LearningPath, learner: Learner, stage: Stage, lang: Language) -> str:
    """The stage's number, title and stars, in words."""
    number = path.stages.index(stage) + 1
    return say(
        "path.stage",
        lang,
        number=number,
        total=len(path.stages),
        title=stage.name(lang),
        stars=stars_text(path.stars(learner, stage)),
    )


def practise_next_lines(path: LearningPath, learner: Learner, lang: Language) -> list[str]:
    """What to practise next, a line each: the misreadings to come back and the rules not
    held (the five weakest), or that nothing is waiting."""
    return _next_lines(*path.practise_next(learner), lang)


def learner_next_lines(learner: Learner, lang: Language) -> list[str]:
    """What to practise next from the rules ``learner`` has met, whatever the path (a class's
    lesson): the same lines as :func:`practise_next_lines`.

    >>> learner = Learner("ada")
    >>> _ = learner.record("q1", "legal", ("PEACE",), ("tie-to-start",), chosen="tie-to-start")
    >>> learner_next_lines(learner, "en")[-1]
    '- a rule not yet held: Villages at peace (PEACE)'
    """
    weak = sorted((r for r in learner.rules if not learner.held(r)), key=learner.weakness)
    return _next_lines(learner.waiting(), weak, lang)


def _next_lines(waiting: list[str], weak: list[str], lang: Language) -> list[str]:
    lines = [say("path.next_misreading", lang, why=say(f"exercise.m_{m}", lang)) for m in waiting]
    lines += [say("path.next_rule", lang, rule=f"{rule_title(r, lang)} ({r})") for r in weak[:5]]
    return lines or [say("path.next_nothing", lang)]


def practise_next_text(path: LearningPath, learner: Learner, lang: Language) -> str:
    """What to practise next, in words, then the stars of every stage."""
    lines = [say("path.next_title", lang), *practise_next_lines(path, learner, lang)]
    lines += [stage_line(path, learner, s, lang) for s in path.stages]
    return "\n".join(lines) + "\n"


__all__ = [
    "FIRST_GAME",
    "Bank",
    "LearningPath",
    "Stage",
    "learner_next_lines",
    "offered",
    "path_stages",
    "practise_next_lines",
    "practise_next_text",
    "record_answer",
    "stage_line",
    "stars_text",
]
