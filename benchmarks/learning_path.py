"""Simulated learners through the adaptive learning path and through today's fixed order.

A learner holds the rules but for k misreadings (k = 1, 2 or 3, drawn from the named ones the
exercises offer). Given an exercise, they choose an option whose misreading they hold (the
first such), else the right one; after the explanation of a wrong answer they drop that
misreading with probability 1/2. Counted: the questions each learner needs until every
misreading is gone and every rule of the tour's chapters is held (by the learner model).

- adaptive: :class:`~shangrila_widget.exercises.path.LearningPath` on a pool of exercises
  made once (the same pool for every learner); run on to the path's end, to check that it
  never ends with a misreading left.
- fixed: the tour's three exercises per chapter (``RulebookTour.practise``: ``exercises_on``
  the rules its steps teach, the chapter's number as seed), gone through once each, then the
  Exercises widget's own set (``in_steps(10, 0)``), round and round; as the widget's
  ``next()`` does, each rule of a missed exercise brings one new exercise on it right after
  (taken here from the same pool, the n-th on that rule, not made anew: making one takes
  seconds).

``nice -n 10 python benchmarks/learning_path.py --learners 20`` while developing; 200 for the
figures. ``--cache FILE`` keeps the pool (pickled) between runs.
"""

from __future__ import annotations

import argparse
import pickle
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from random import Random

from shangrila_widget.exercises import ASKABLE_RULES, Exercise, exercises_on, generate
from shangrila_widget.exercises.learner import Learner
from shangrila_widget.exercises.path import Bank, LearningPath, offered
from shangrila_widget.tour import load_chapters

CAP = 400  # questions: a learner not done by then counts as not done


def make_pool() -> list[tuple[str, Exercise]]:
    """The exercises both orders draw from."""
    pool = [(f"g4-{e.id}", e) for e in generate(150, 11)]
    pool += [(f"g3-{e.id}", e) for e in generate(50, 12, players=3)]
    rules = sorted({r for c in load_chapters() for r in c.rules if r in ASKABLE_RULES})
    for rule in rules:
        pool += [(f"r{rule}-{e.id}", e) for e in exercises_on([rule], 3, 13)]
    # Rules few random exercises reach (village C and the caps of 3 players, the set-up's
    # order, the end at eleven stones): made on purpose, so every misreading is offered.
    pool += [
        (f"s3-{e.id}", e) for e in exercises_on(["SETUP-THREE", "SETUP-PLAYERS"], 4, 13, players=3)
    ]
    pool += [(f"s4-{e.id}", e) for e in exercises_on(["SETUP-ORDER", "END-ELEVEN"], 4, 13)]
    return pool


def tour_sets() -> list[list[Exercise]]:
    sets = []
    for i, chapter in enumerate(load_chapters()):
        teach = [r for s in chapter.steps for r in s.teaches if r in ASKABLE_RULES]
        sets.append(exercises_on(teach, 3, i))
    return sets


class SimulatedLearner:
    def __init__(self, misreadings: Sequence[str], rng: Random) -> None:
        self.holds = set(misreadings)
        self.rng = rng

    def answer(self, exercise: Exercise) -> str | None:
        chosen = next((m for m in offered(exercise) if m in self.holds), None)
        if chosen is not None and self.rng.random() < 0.5:
            self.holds.discard(chosen)  # after the explanation
        return chosen


def chapter_rules() -> set[str]:
    return {r for c in load_chapters() for r in c.rules if r in ASKABLE_RULES}


def done(sim: SimulatedLearner, model: Learner, rules: set[str]) -> bool:
    return not sim.holds and all(model.held(r) for r in rules)


def take(model: Learner, key: str, exercise: Exercise, chosen: str | None) -> None:
    model.record(key, exercise.kind, exercise.rules, offered(exercise), chosen=chosen)


class Run:
    """One learner's figures: questions until every misreading is gone (``gone``), until that
    and every rule held (``needed``), and the model at the end."""

    def __init__(self) -> None:
        self.model = Learner("sim")
        self.gone = self.needed = 0

    def take(self, key: str, exercise: Exercise, sim: SimulatedLearner, rules: set[str]) -> bool:
        take(self.model, key, exercise, sim.answer(exercise))
        if not self.gone and not sim.holds:
            self.gone = self.model.seen
        if not self.needed and done(sim, self.model, rules):
            self.needed = self.model.seen
        return bool(self.needed)


def adaptive(path: LearningPath, sim: SimulatedLearner, rules: set[str]) -> tuple[Run, bool]:
    """The learner's figures, and whether a misreading was left at the path's end."""
    run = Run()
    while run.model.seen < CAP:
        found = path.next_exercise(run.model)
        if found is None:
            break
        run.take(*found, sim, rules)
    return run, bool(sim.holds)


def fixed(
    tours: list[list[Exercise]],
    widget_set: list[Exercise],
    on_rule: dict[str, list[Exercise]],
    sim: SimulatedLearner,
    rules: set[str],
) -> Run:
    state = Run()

    def run(exercises: list[Exercise], once: bool) -> bool:
        exercises = list(exercises)
        index, missed = 0, []
        while state.model.seen < CAP:
            exercise = exercises[index]
            before = set(sim.holds)
            if state.take(f"f{id(exercise)}", exercise, sim, rules):
                return True
            chosen = next((m for m in offered(exercise) if m in before), None)
            if chosen is not None:
                missed += [r for r in exercise.rules if r not in missed]
            if missed:  # Exercises.next(): a missed rule comes back first
                rule = missed.pop(0)
                more = on_rule.get(rule)
                if more:
                    exercises.insert(index + 1, more[len(exercises) % len(more)])
            index = (index + 1) % len(exercises)
            if once and index == 0:
                return False
        return False

    for chapter in tours:
        if run(chapter, once=True):
            return state
    run(widget_set, once=False)
    return state


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cache", type=Path, help="keep the pool of exercises in this file")
    args = parser.parse_args(argv)
    from shangrila_widget.widget.exercises import in_steps  # the widget's own order

    start = time.perf_counter()
    if args.cache is not None and args.cache.exists():
        pool, tours, widget_set = pickle.loads(args.cache.read_bytes())
    else:
        pool, tours, widget_set = make_pool(), tour_sets(), in_steps(10, 0)
        if args.cache is not None:
            args.cache.write_bytes(pickle.dumps((pool, tours, widget_set)))
    print(f"pool: {len(pool)} exercises ({time.perf_counter() - start:.0f} s)")
    named = sorted({m for _, e in pool for m in offered(e)})
    from shangrila_widget.exercises import MISREADINGS

    missing = [m for m in MISREADINGS if m not in named]
    print(f"misreadings offered by the pool: {len(named)} of {len(MISREADINGS)}", end="")
    print(f" (not: {', '.join(missing)})" if missing else "")
    on_rule: dict[str, list[Exercise]] = {}
    for _, exercise in pool:
        for rule in exercise.rules:
            on_rule.setdefault(rule, []).append(exercise)
    rules = chapter_rules()
    path = LearningPath(Bank(pool, grow=False))
    rng = Random(args.seed)
    ours, theirs, left = [], [], 0
    unheld: Counter[str] = Counter()
    for _ in range(args.learners):
        k = rng.choice((1, 2, 3))
        misreadings = rng.sample(named, k)
        seed = rng.random()
        run, unfound = adaptive(path, SimulatedLearner(misreadings, Random(seed)), rules)
        ours.append(run)
        left += unfound
        sim = SimulatedLearner(misreadings, Random(seed))
        theirs.append(fixed(tours, widget_set, on_rule, sim, rules))
        unheld.update(r for r in rules if not theirs[-1].model.held(r))
    print(f"learners: {args.learners} (k = 1, 2, 3 misreadings); questions, capped at {CAP}:")
    medians = {}
    for what in ("needed", "gone"):
        said = "every misreading gone and every rule of the chapters held"
        print("until " + (said if what == "needed" else "every misreading gone"))
        for name, runs in (("adaptive path", ours), ("fixed order", theirs)):
            figures = [getattr(r, what) or CAP for r in runs]
            q = statistics.quantiles(figures, n=10)
            medians[what, name] = statistics.median(figures)
            capped = sum(1 for f in figures if f >= CAP)
            print(
                f"  {name:14} median {medians[what, name]:6.1f}  p10 {q[0]:6.1f}"
                f"  p90 {q[-1]:6.1f}  not reached by {CAP}: {capped}"
            )
        share = medians[what, "adaptive path"] / medians[what, "fixed order"]
        print(f"  adaptive / fixed at the median: {100 * share:.0f} % (aim: <= 60 %)")
    ends = [r.model.seen for r in ours]
    print(f"adaptive path's own end: median {statistics.median(ends):.1f} questions;")
    print(f"learners it left with a misreading: {left} (aim: 0)")
    common = ", ".join(f"{r} ({n})" for r, n in unheld.most_common(6))
    print(f"rules the fixed order left not held (learners): {common or 'none'}")
    med_ours, med_theirs = medians["needed", "adaptive path"], medians["needed", "fixed order"]
    print(f"({time.perf_counter() - start:.0f} s)")
    return 0 if med_ours <= 0.6 * med_theirs and left == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
