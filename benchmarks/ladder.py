"""Rate the bot levels against each other: a round robin, Bradley-Terry ratings with intervals.

Every table of distinct entrants is played (with repeats when there are fewer entrants than
seats: every table that seats each of them), from the empty board, the seats rotated so that
each entrant sits in each seat equally often. Each game becomes pairwise results between the
entrants at the table (the higher final share wins, equal shares are half a win each; a
shared win counts 1/k for each of its k winners), and a Bradley-Terry model fitted to them by
MM iterations gives Elo-scale ratings anchored at ``random`` = 0 (else at the first entrant).
The 95 % intervals come from a bootstrap over games (resample the games of each table,
refit); each entrant's mean share has its Wilson interval too, to compare with an even share
(1/players). For each pair of neighbouring entrants, in the order given, the higher is
"clearly above" the lower when the lower bound of its rating interval is above the upper
bound of the lower's, or when the order holds in at least 97.5 % of the resamples.

    nice -n 10 python benchmarks/ladder.py --players 4 --games 24 --seed 1
    python benchmarks/ladder.py random easy medium hard@0.3s hard --games 8

The outside anchor ``flatmc`` (flat Monte Carlo, :mod:`shangrila_widget.bots.flat_monte_carlo`;
``flatmc@500`` playouts, ``flatmc@0.2s``) is rated 0 when it plays. ``--versus flatmc@0.2s``
seats each entrant in turn against it in every other seat; ``--seconds S`` gives every
searching entrant without a budget S seconds a move; ``--cpu`` counts those seconds in the
process's CPU time, fair on a loaded machine:

    nice -n 5 python benchmarks/ladder.py --versus flatmc --seconds 0.2 --cpu --minutes 20 hard

An entrant is a level name, optionally with a budget: ``hard`` (its default budget, 0.8 s a
move), ``hard@200`` (200 iterations), ``hard@0.3s`` (0.3 s). The default entrants are
``random easy medium hard``. A time budget depends on the machine and its load, so runs with
one do not repeat exactly; everything else follows from ``--seed``. ``--minutes`` stops
starting new rounds after that long (a round plays one game at every table, and stopping
happens only after a whole turn of the seats); Ctrl-C or a SIGTERM stops too; either way the
games played are rated. Progress lines go to standard output; the last line is one JSON
object. Nothing is written unless ``--json PATH`` is given (the result with every game).
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import re
import signal
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from shangrila_widget.bots import Bot, Budget, Thinker, choose_action
from shangrila_widget.bots.evaluation import final_shares
from shangrila_widget.bots.flat_monte_carlo import flat_monte_carlo_action
from shangrila_widget.bots.levels import MAX_ITERATIONS
from shangrila_widget.rules import Action, Position, apply_unchecked, legal_actions

SEATS = {3: ["red", "blue", "yellow"], 4: ["red", "blue", "yellow", "violet"]}
#: ``flatmc`` is the outside anchor, not a level: flat Monte Carlo (uniform random playouts
#: to the end for each action, the best mean share; its budget counts playouts, not
#: iterations; default 500 playouts a move).
LEVEL_NAMES = ("random", "easy", "medium", "hard", "flatmc")
SEARCHING = ("medium", "hard", "flatmc")
DEFAULT_ENTRANTS = ("random", "easy", "medium", "hard")
#: Virtual games added to every pair of entrants that met, half won by each: without them an
#: entrant that never beat another would be rated infinitely far below it.
PRIOR_GAMES = 1.0
#: The bootstrap's share of resamples in which an order must hold to be "clear".
CLEAR_SHARE = 0.975

SPEC = re.compile(r"^(?P<level>[a-z]+)(?:@(?P<budget>[^@]*))?$")


class SpecError(ValueError):
    """An entrant spec that is not ``level``, ``level@N`` or ``level@Xs``."""


@dataclass(frozen=True)
class Entrant:
    """A level with its budget: ``iterations`` or ``seconds`` (None: the level's default)."""

    spec: str
    level: str
    iterations: int | None = None
    seconds: float | None = None


def parse_spec(text: str) -> Entrant:
    """An entrant from ``level``, ``level@N`` (N iterations) or ``level@Xs`` (X seconds).

    >>> parse_spec("hard@0.3s")
    Entrant(spec='hard@0.3s', level='hard', iterations=None, seconds=0.3)
    """
    found = SPEC.match(text.strip())
    if not found:
        raise SpecError(
            f"entrant {text!r}: expected a level, level@N (iterations) or level@Xs (seconds)"
        )
    level, budget = found["level"], found["budget"]
    if level not in LEVEL_NAMES:
        raise SpecError(
            f"entrant {text!r}: unknown level {level!r} (one of {', '.join(LEVEL_NAMES)})"
        )
    if budget is None:
        return Entrant(text.strip(), level)
    if level not in SEARCHING:
        raise SpecError(
            f"entrant {text!r}: {level} takes no budget (only medium, hard and flatmc search)"
        )
    if re.fullmatch(r"[0-9]+", budget):
        iterations = int(budget)
        if not 1 <= iterations <= 10_000_000:
            raise SpecError(f"entrant {text!r}: iterations must be from 1 to 10,000,000")
        return Entrant(text.strip(), level, iterations=iterations)
    if re.fullmatch(r"[0-9]*\.?[0-9]+s", budget):
        seconds = float(budget[:-1])
        if not 0 < seconds <= 3600:
            raise SpecError(f"entrant {text!r}: seconds must be above 0 and at most 3600")
        return Entrant(text.strip(), level, seconds=seconds)
    raise SpecError(
        f"entrant {text!r}: budget {budget!r} is neither a whole number of iterations (hard@200) "
        "nor seconds (hard@0.3s)"
    )


def parse_entrants(texts: Sequence[str]) -> list[Entrant]:
    """Entrants from specs (also comma-separated), refusing repeats and fewer than two."""
    entrants = [parse_spec(t) for text in texts for t in text.split(",") if t.strip()]
    specs = [e.spec for e in entrants]
    repeated = sorted({s for s in specs if specs.count(s) > 1})
    if repeated:
        raise SpecError(f"entrants given twice: {', '.join(repeated)}")
    if len(entrants) < 2:
        raise SpecError("a ladder needs at least two entrants")
    return entrants


# --- the round robin -------------------------------------------------------------------------


def tables(count: int, seats: int) -> list[tuple[int, ...]]:
    """Every table (a sorted tuple of entrant indices): distinct entrants when there are
    enough, else every multiset of ``seats`` that holds each entrant at least once.

    >>> tables(4, 4), len(tables(5, 4)), tables(2, 3)
    ([(0, 1, 2, 3)], 5, [(0, 0, 1), (0, 1, 1)])
    """
    if count >= seats:
        return list(itertools.combinations(range(count), seats))
    return [
        t
        for t in itertools.combinations_with_replacement(range(count), seats)
        if len(set(t)) == count
    ]


def seatings(table: tuple[int, ...], rng: random.Random) -> list[tuple[int, ...]]:
    """Every distinct seating of a table, in turns of the seats: each block is one seating
    and its rotations, so that over each block every entrant sits in every seat equally; the
    blocks' order is shuffled by ``rng``."""
    orbits: list[list[tuple[int, ...]]] = []
    seen: set[tuple[int, ...]] = set()
    for perm in sorted(set(itertools.permutations(table))):
        if perm in seen:
            continue
        orbit = []
        for r in range(len(perm)):
            turned = perm[r:] + perm[:r]
            if turned not in seen:
                seen.add(turned)
                orbit.append(turned)
        orbits.append(orbit)
    rng.shuffle(orbits)
    return [s for orbit in orbits for s in orbit]


def versus_tables(count: int, seats: int) -> list[tuple[int, ...]]:
    """The tables of ``--versus``: entrant 0 in every seat but one, each other entrant in
    turn in the last.

    >>> versus_tables(3, 4)
    [(0, 0, 0, 1), (0, 0, 0, 2)]
    """
    return [(0,) * (seats - 1) + (entrant,) for entrant in range(1, count)]


def with_seconds(entrant: Entrant, seconds: float) -> Entrant:
    """``entrant`` with a budget of ``seconds`` a move if it searches and has no budget.

    >>> with_seconds(parse_spec("hard"), 0.1).spec, with_seconds(parse_spec("easy"), 0.1).spec
    ('hard@0.1s', 'easy')
    """
    if entrant.level not in SEARCHING or entrant.iterations or entrant.seconds:
        return entrant
    return Entrant(f"{entrant.level}@{seconds:g}s", entrant.level, seconds=seconds)


def anchor_of(names: Sequence[str], versus: bool) -> int:
    """The entrant rated 0: the ``--versus`` entrant (the first), else the outside anchor
    (``flatmc``, with any budget), else ``random``, else the first.

    >>> anchor_of(["random", "hard", "flatmc@0.1s"], False), anchor_of(["easy", "hard"], False)
    (2, 0)
    """
    if versus:
        return 0
    for index, name in enumerate(names):
        if name.split("@")[0] == "flatmc":
            return index
    return names.index("random") if "random" in names else 0


@dataclass
class Timing:
    """Seconds spent on decisions with more than one legal action (wall clock and CPU)."""

    moves: int = 0
    wall: float = 0.0
    cpu: float = 0.0


@dataclass
class Game:
    table: int
    number: int
    seating: tuple[int, ...]
    shares: tuple[float, ...]
    seconds: float


def play_game(
    entrants: Sequence[Entrant],
    seating: Sequence[int],
    seed: str,
    timings: list[Timing],
    cpu_clock: bool = False,
) -> tuple[float, ...]:
    """The final shares per seat of one game from the empty board (``cpu_clock``: time
    budgets count this process's CPU time, see :func:`think_for_cpu`)."""
    colours = SEATS[len(seating)]
    rng = random.Random(seed)
    pos = Position.new_game(colours)
    while not pos.is_over:
        who = seating[colours.index(pos.to_move)]
        entrant = entrants[who]
        many = len(legal_actions(pos)) > 1
        wall, cpu = time.perf_counter(), time.process_time()
        seed_ = rng.randrange(2**32)
        if entrant.level == "flatmc":
            action = flat_monte_carlo_action(
                pos,
                playouts=entrant.iterations,
                seconds=entrant.seconds,
                seed=seed_,
                clock=time.process_time if cpu_clock else time.perf_counter,
            )
        elif cpu_clock and entrant.seconds is not None and many:
            action = think_for_cpu(pos, entrant.level, entrant.seconds, seed_)
        else:
            action = choose_action(
                pos,
                level=entrant.level,
                iterations=entrant.iterations,
                seconds=entrant.seconds,
                seed=seed_,
            )
        if many:
            timings[who].moves += 1
            timings[who].wall += time.perf_counter() - wall
            timings[who].cpu += time.process_time() - cpu
        pos = apply_unchecked(pos, action)
    return tuple(final_shares(pos))


def think_for_cpu(pos: Position, level: str, seconds: float, seed: int) -> Action:
    """What a searching ``level`` plays after ``seconds`` of this process's CPU time
    (:func:`time.process_time`, one iteration at a time, at least one): on a shared machine
    a wall-clock budget gives each move whatever CPU time the load leaves it."""
    thinker = Thinker(pos, Bot(level, Budget(iterations=MAX_ITERATIONS), seed))
    search = thinker.search
    if search is None:
        return thinker.choice()
    deadline = time.process_time() + seconds
    search.run(iterations=1)
    while time.process_time() < deadline:
        search.run(iterations=1)
    return thinker.choice()


# --- the rating ------------------------------------------------------------------------------

#: One game's pairwise results: (a, b, score of a against b) for entrants a < b at the table.
Pairs = list[tuple[int, int, float]]


def game_pairs(seating: Sequence[int], shares: Sequence[float]) -> Pairs:
    """The pairwise results of one game: a higher share wins (1), equal shares draw (0.5);
    two seats of the same entrant are not a result.

    >>> game_pairs((2, 0, 1), (0.0, 1.0, 0.0))
    [(0, 2, 1.0), (1, 2, 0.5), (0, 1, 1.0)]
    """
    out: Pairs = []
    for i, j in itertools.combinations(range(len(seating)), 2):
        a, b = seating[i], seating[j]
        if a == b:
            continue
        diff = shares[i] - shares[j]
        score = 0.5 if abs(diff) < 1e-9 else (1.0 if diff > 0 else 0.0)
        out.append((a, b, score) if a < b else (b, a, 1.0 - score))
    return out


def tally(count: int, games: Sequence[Pairs]) -> tuple[list[list[float]], list[list[float]]]:
    """(wins[a][b], meetings[a][b]) summed over games."""
    wins = [[0.0] * count for _ in range(count)]
    met = [[0.0] * count for _ in range(count)]
    for pairs in games:
        for a, b, score in pairs:
            wins[a][b] += score
            wins[b][a] += 1.0 - score
            met[a][b] += 1.0
            met[b][a] += 1.0
    return wins, met


def bradley_terry(
    wins: Sequence[Sequence[float]],
    met: Sequence[Sequence[float]],
    *,
    prior: float = PRIOR_GAMES,
    anchor: int = 0,
    tolerance: float = 1e-10,
    max_iterations: int = 100_000,
) -> list[float]:
    """Elo-scale ratings (400 log10 of the Bradley-Terry strength) with ``anchor`` at 0,
    fitted by Hunter's MM iterations, with ``prior`` virtual games (half won by each) added
    to every pair that met.

    >>> r = bradley_terry([[0, 3], [1, 0]], [[0, 4], [4, 0]], prior=0)
    >>> round(r[1] - r[0], 1)  # 3 wins in 4: 400 log10(3)
    -190.8
    """
    n = len(wins)
    w = [[wins[a][b] + (prior / 2 if met[a][b] else 0.0) for b in range(n)] for a in range(n)]
    m = [[met[a][b] + (prior if met[a][b] else 0.0) for b in range(n)] for a in range(n)]
    total = [sum(row) for row in w]
    p = [1.0] * n
    for _ in range(max_iterations):
        new = []
        for a in range(n):
            denominator = sum(m[a][b] / (p[a] + p[b]) for b in range(n) if b != a and m[a][b])
            new.append(total[a] / denominator if denominator else p[a])
        scale = math.exp(sum(math.log(max(x, 1e-300)) for x in new) / n)
        new = [max(x / scale, 1e-300) for x in new]
        change = max(abs(math.log(x / y)) for x, y in zip(new, p))
        p = new
        if change < tolerance:
            break
    return [400 * math.log10(p[a] / p[anchor]) for a in range(n)]


def percentile(values: Sequence[float], q: float) -> float:
    """The q-quantile (0-1) of values, linearly interpolated."""
    ordered = sorted(values)
    at = q * (len(ordered) - 1)
    low = math.floor(at)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (at - low)


def bootstrap(
    count: int,
    games: Sequence[Pairs],
    strata: Sequence[int],
    resamples: int,
    rng: random.Random,
    *,
    prior: float = PRIOR_GAMES,
    anchor: int = 0,
) -> list[list[float]]:
    """Ratings refitted on ``resamples`` resamples of the games (with replacement, within
    each stratum: the games of one table), one list of ratings per resample."""
    groups: dict[int, list[int]] = {}
    for index, stratum in enumerate(strata):
        groups.setdefault(stratum, []).append(index)
    fits = []
    for _ in range(resamples):
        chosen = [games[rng.choice(members)] for members in groups.values() for _ in members]
        wins, met = tally(count, chosen)
        fits.append(bradley_terry(wins, met, prior=prior, anchor=anchor, tolerance=1e-8))
    return fits


def wilson(mean: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a mean share over n games (as in ``arena.py``)."""
    centre = (mean + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(mean * (1 - mean) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Rating:
    ratings: list[float]
    intervals: list[tuple[float, float]]
    fits: list[list[float]] = field(repr=False)
    order_share: list[float]
    clearly_above: list[bool]


def rate(
    count: int,
    games: Sequence[Pairs],
    strata: Sequence[int],
    *,
    resamples: int,
    rng: random.Random,
    anchor: int = 0,
    prior: float = PRIOR_GAMES,
) -> Rating:
    """Ratings, their 95 % bootstrap intervals, and for each neighbouring pair (i, i + 1) of
    entrants the bootstrap share of resamples with i + 1 above i and whether it is clearly
    above."""
    wins, met = tally(count, games)
    ratings = bradley_terry(wins, met, prior=prior, anchor=anchor)
    fits = bootstrap(count, games, strata, resamples, rng, prior=prior, anchor=anchor)
    intervals = [
        (percentile([f[a] for f in fits], 0.025), percentile([f[a] for f in fits], 0.975))
        for a in range(count)
    ]
    shares, clear = [], []
    for low in range(count - 1):
        high = low + 1
        above = sum(1.0 if f[high] > f[low] else 0.5 if f[high] == f[low] else 0.0 for f in fits)
        share = above / len(fits)
        shares.append(share)
        clear.append(intervals[high][0] > intervals[low][1] or share >= CLEAR_SHARE)
    return Rating(ratings, intervals, fits, shares, clear)


# --- the command -----------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "entrants",
        nargs="*",
        default=list(DEFAULT_ENTRANTS),
        help="level, level@N (iterations) or level@Xs (seconds), lowest first "
        "(default: random easy medium hard)",
    )
    parser.add_argument("--players", type=int, choices=(3, 4), default=4)
    count = parser.add_mutually_exclusive_group()
    count.add_argument("--games", type=int, default=None, help="games per table (default 24)")
    count.add_argument("--total", type=int, default=None, help="games in all, split over tables")
    parser.add_argument("--minutes", type=float, default=None, help="stop new rounds after this")
    parser.add_argument("--resamples", type=int, default=1000, help="bootstrap resamples")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", default=None, help="write the result (and every game) here")
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    parser.add_argument(
        "--versus",
        default=None,
        help="an entrant (e.g. flatmc@0.1s) to seat in every other seat of a table for each "
        "entrant in turn (one entrant against seats-1 of it), the ratings anchored at it",
    )
    parser.add_argument(
        "--seconds",
        type=float,
        default=None,
        help="the seconds a move of every searching entrant given without a budget "
        "(medium, hard, flatmc): equal time per move",
    )
    parser.add_argument(
        "--cpu",
        action="store_true",
        help="time budgets count this process's CPU time, not the wall clock (fair on a "
        "loaded machine)",
    )
    args = parser.parse_args(argv)
    try:
        texts = list(args.entrants)
        if args.versus is not None:
            texts.insert(0, args.versus)
        entrants = parse_entrants(texts)
    except SpecError as error:
        parser.error(str(error))
    if args.seconds is not None:
        if not 0 < args.seconds <= 3600:
            parser.error("--seconds must be above 0 and at most 3600")
        entrants = [with_seconds(e, args.seconds) for e in entrants]
    seats = args.players
    if args.versus is not None:
        layout = versus_tables(len(entrants), seats)
    else:
        layout = tables(len(entrants), seats)
    if args.total is not None:
        if args.total < 1:
            parser.error("--total must be at least 1")
        per_table = math.ceil(args.total / len(layout))
    else:
        per_table = 24 if args.games is None else args.games
        if per_table < 1:
            parser.error("--games must be at least 1")
    if per_table % seats and not args.quiet:
        print(f"note: {per_table} games a table is not a whole number of turns of {seats} seats")
    order_rng = random.Random(f"ladder:{args.seed}:seatings")
    plans = [seatings(t, order_rng) for t in layout]
    names = [e.spec for e in entrants]
    anchor = anchor_of(names, args.versus is not None)
    timings = [Timing() for _ in entrants]
    games: list[Game] = []
    started = time.perf_counter()
    stopped = ""
    if not args.quiet:
        print(
            f"{len(layout)} table(s) of {seats}, {per_table} games each, entrants "
            f"{' '.join(names)}, seed {args.seed}",
            flush=True,
        )
    # A polite stop (kill PID) rates the games played, as Ctrl-C does.
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        for number in range(per_table):
            if (
                args.minutes is not None
                and number % seats == 0
                and number
                and time.perf_counter() - started > 60 * args.minutes
            ):
                stopped = f"--minutes {args.minutes:g} reached after {number} games a table"
                break
            for index, plan in enumerate(plans):
                seating = plan[number % len(plan)]
                t0 = time.perf_counter()
                shares = play_game(
                    entrants, seating, f"ladder:{args.seed}:{index}:{number}", timings, args.cpu
                )
                games.append(Game(index, number, seating, shares, time.perf_counter() - t0))
                if not args.quiet:
                    at = " ".join(f"{names[e]}={s:.2f}" for e, s in zip(seating, shares))
                    print(
                        f"game {len(games)}/{per_table * len(plans)} table {index} "
                        f"#{number + 1}: {at} ({games[-1].seconds:.0f} s, "
                        f"{(time.perf_counter() - started) / 60:.1f} min)",
                        flush=True,
                    )
    except KeyboardInterrupt:
        stopped = f"interrupted after {len(games)} games"
    if stopped and not args.quiet:
        print(f"stopped: {stopped}", flush=True)
    if not games:
        print("no game was played", file=sys.stderr)
        return 1
    pairs = [game_pairs(g.seating, g.shares) for g in games]
    rating = rate(
        len(entrants),
        pairs,
        [g.table for g in games],
        resamples=args.resamples,
        rng=random.Random(f"ladder:{args.seed}:bootstrap"),
        anchor=anchor,
    )
    report = summarise(entrants, games, timings, rating, seats, args, stopped, started)
    report["anchor"] = names[anchor]
    report["clock"] = "cpu" if args.cpu else "wall"
    print_table(report)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            full = dict(report)
            full["game_list"] = [
                {
                    "table": g.table,
                    "number": g.number,
                    "seating": [names[e] for e in g.seating],
                    "shares": list(g.shares),
                    "seconds": round(g.seconds, 2),
                }
                for g in games
            ]
            json.dump(full, out, indent=1)
            out.write("\n")
    print(json.dumps(report))
    return 0


def summarise(
    entrants: Sequence[Entrant],
    games: Sequence[Game],
    timings: Sequence[Timing],
    rating: Rating,
    seats: int,
    args: argparse.Namespace,
    stopped: str,
    started: float,
) -> dict[str, Any]:
    names = [e.spec for e in entrants]
    even = 1.0 / seats
    rows = []
    for a, name in enumerate(names):
        shares = [s for g in games for e, s in zip(g.seating, g.shares) if e == a]
        mean = sum(shares) / len(shares)
        low, high = wilson(mean, len(shares))
        t = timings[a]
        rows.append(
            {
                "entrant": name,
                "elo": round(rating.ratings[a]),
                "ci95": [round(rating.intervals[a][0]), round(rating.intervals[a][1])],
                "seats": len(shares),
                "mean_share": round(mean, 3),
                "share_ci95": [round(low, 3), round(high, 3)],
                "vs_even": "above" if low > even else "below" if high < even else "within",
                "s_per_move": round(t.wall / t.moves, 4) if t.moves else None,
                "cpu_s_per_move": round(t.cpu / t.moves, 4) if t.moves else None,
                "moves": t.moves,
            }
        )
    steps = [
        {
            "lower": names[i],
            "higher": names[i + 1],
            "elo_gap": round(rating.ratings[i + 1] - rating.ratings[i]),
            "order_share": round(rating.order_share[i], 4),
            "clearly_above": rating.clearly_above[i],
        }
        for i in range(len(names) - 1)
    ]
    wins, met = tally(len(names), [game_pairs(g.seating, g.shares) for g in games])
    head_to_head = {
        f"{names[a]} v {names[b]}": [round(wins[a][b], 1), int(met[a][b])]
        for a, b in itertools.combinations(range(len(names)), 2)
        if met[a][b]
    }
    return {
        "players": seats,
        "seed": args.seed,
        "games": len(games),
        "tables": len({g.table for g in games}),
        "minutes": round((time.perf_counter() - started) / 60, 1),
        "stopped": stopped or None,
        "resamples": args.resamples,
        "prior_games": PRIOR_GAMES,
        "even_share": round(even, 3),
        "entrants": rows,
        "steps": steps,
        "head_to_head": head_to_head,
    }


def print_table(report: dict[str, Any]) -> None:
    print()
    print(
        f"{report['games']} games of {report['players']} players, {report['minutes']} min; "
        f"Elo-scale Bradley-Terry ratings, {report.get('anchor', 'random')} = 0, "
        f"95 % bootstrap intervals "
        f"({report['resamples']} resamples)"
    )
    print(
        f"{'entrant':<12} {'elo':>6} {'95 % interval':>15} {'seats':>6} {'share':>6} "
        f"{'95 % (Wilson)':>14} {'vs even':>8} {'s/move':>7} {'cpu s/move':>10}"
    )
    for row in report["entrants"]:
        low, high = row["ci95"]
        slow, shigh = row["share_ci95"]
        spm = "-" if row["s_per_move"] is None else f"{row['s_per_move']:.3f}"
        cpu = "-" if row["cpu_s_per_move"] is None else f"{row['cpu_s_per_move']:.3f}"
        print(
            f"{row['entrant']:<12} {row['elo']:>6} {f'{low}..{high}':>15} {row['seats']:>6} "
            f"{row['mean_share']:>6.3f} {f'{slow:.3f}-{shigh:.3f}':>14} {row['vs_even']:>8} "
            f"{spm:>7} {cpu:>10}"
        )
    for step in report["steps"]:
        verdict = "clearly above" if step["clearly_above"] else "NOT clearly above"
        print(
            f"{step['higher']} {verdict} {step['lower']}: {step['elo_gap']:+d} Elo, "
            f"above in {100 * step['order_share']:.1f} % of resamples"
        )
    print(
        "pairwise (the first's points, meetings): "
        + ", ".join(f"{k} {v[0]:g}/{v[1]}" for k, v in report["head_to_head"].items())
    )


if __name__ == "__main__":
    sys.exit(main())
