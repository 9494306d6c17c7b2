"""Does the review hold up? Flags checked by played-out continuations, chances by outcomes.

Plays games between bots (``medium`` in every seat by default), reviews each with the
review's defaults, and then checks what the review said:

- every flagged move: the position after the played action and the one after the review's
  better action are each played out ``--playouts`` times by the ``easy`` bot in every seat
  (its ties broken at random) to the end; the mover's mean share of the win in each. A flag
  is *confirmed* when the better action's continuations win more, *significant* when by a
  one-sided z above 1.64, *reversed* when the played action's win significantly more;
- the chart's chances: the mean move-to-move change of a player's chance (all moves, and
  quiet moves: placements, recruits and passes), and the Brier score against the real
  result (mean over seats and positions of (chance - share)^2; a constant 1/n scores
  (n - 1) / n^2: 0.1875 for 4 players, 0.2222 for 3);
- the review's seconds per game, and the seconds until its chart's points are known (the
  :class:`~shangrila_widget.bots.Reviewer` built and its first review read, before any
  search: what the widget draws at once);
- how well each player played (``loss_per_move``): with ``--random-seat`` the first seat
  plays uniformly random legal actions through the play phase (the set-up as its level), and
  ``random_last`` counts the games where it comes out last (``random_last_outranked``: last
  by the share of better-looking actions passed over); ``figure_spread`` is the mean
  over games of the largest minus the smallest figure (between bots of one level it should
  be small);
- the costliest moves the review names (of the random seat with ``--random-seat``, else of
  every seat; ``costly_named_per_player``: how many a player gets, at most 3): both lines
  played out again from seeds of their own (``played_out``: ``--costly-playouts``
  continuations of the ``easy`` bot each), as far as the review plays them out to confirm
  them (16 actions or to the end) and to 40 actions; ``costly_better_share`` and
  ``costly_better_share_40`` are the shares where the better line does better;
- the review's CPU seconds per game too (``review_cpu_s_per_game``: the machine may be
  shared, and the wall-clock seconds then grow with its load);
- the facts the review states (``facts``): for each kind, of the played move and of the
  better one, how many moves have it and the mean loss of those moves against the others'.

The last line printed is one JSON object with those figures.

    python benchmarks/review_quality.py --games 4 --players 4 --seed 1
    python benchmarks/review_quality.py --games 8 --iterations 12 --seed 5  # weaker players
    python benchmarks/review_quality.py --games 20 --random-seat --quiet  # a beginner's games
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import time
from pathlib import Path

from shangrila_widget.bots import Reviewer, choose_action, review
from shangrila_widget.bots.evaluation import final_shares, greedy_action
from shangrila_widget.bots.move_facts import FACT_KINDS, fact_kind
from shangrila_widget.bots.review import (
    CONFIRM_DEPTH,
    PLAYOUT_DEPTH,
    Review,
    move_loss,
    played_out,
)
from shangrila_widget.rules import (
    Action,
    GameRecord,
    Pass,
    Place,
    Position,
    Recruit,
    apply_unchecked,
    legal_actions,
)
from shangrila_widget.rules.board import Colour

SEATS = {3: ["red", "blue", "yellow"], 4: ["red", "blue", "yellow", "violet"]}


def play_game(
    players: int,
    level: str,
    seed: int,
    iterations: int | None = None,
    random_seat: bool = False,
) -> GameRecord:
    """One game between bots of ``level`` (its default budget, or ``iterations``) from the
    empty board, as a record; with ``random_seat`` the first seat plays uniformly random legal
    actions in the play phase."""
    rng = random.Random(seed)
    record = GameRecord(Position.new_game(SEATS[players]))
    while not record.current.position.is_over:
        pos = record.current.position
        if random_seat and pos.packed.turn == 0 and pos.phase == "play":
            action = rng.choice(legal_actions(pos))
        else:
            action = choose_action(
                pos, level=level, iterations=iterations, seed=rng.randrange(2**32)
            )
        record.play(action)
    return record


def saved_game(args: argparse.Namespace, seed: int) -> GameRecord:
    """The game of ``seed``: read from ``--records`` when it is there, else played (and
    saved there)."""
    kind = "random" if args.random_seat else args.level
    path = None
    if args.records is not None:
        path = args.records / f"{args.players}-{kind}-{args.iterations}-{seed}.json"
        if path.exists():
            return GameRecord.from_json(path.read_text(encoding="utf-8"))
    record = play_game(args.players, args.level, seed, args.iterations, args.random_seat)
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(record.to_json(), encoding="utf-8")
    return record


def fact_figures(rows: list[tuple[float, set[str], set[str]]]) -> dict[str, object]:
    """For each kind of fact, of the played move and of the better one: the moves with it,
    their mean loss, and the others' mean loss."""
    figures: dict[str, object] = {}
    for name in ("played", "better"):
        for kind in FACT_KINDS:
            said = [
                (loss, kind in (played if name == "played" else better))
                for loss, played, better in rows
            ]
            with_it = [loss for loss, has in said if has]
            others = [loss for loss, has in said if not has]
            if with_it and others:
                figures[f"{name}:{kind}"] = {
                    "moves": len(with_it),
                    "loss": round(statistics.fmean(with_it), 4),
                    "others": round(statistics.fmean(others), 4),
                }
    return figures


def costly_checks(
    rev: Review,
    positions: list[Position],
    seats: list[Colour],
    playouts: int,
    seed: int,
    depths: tuple[int, int],
) -> list[tuple[str, float, float, float, float]]:
    """For each costliest move of ``seats``, both lines played out again from seeds of their
    own (not the review's): (player, the played line's mean chance and the better line's
    after ``depths[0]`` actions, then after ``depths[1]``)."""
    found: list[tuple[str, float, float, float, float]] = []
    for colour in seats:
        for m in rev.costliest(colour):
            better = m.better if m.better is not None else m.best
            assert better is not None
            pos = positions[m.index - 1]
            key = 1_000_003 + 1000 * seed + m.index
            means: list[float] = []
            for depth in depths:
                mine, theirs, _ = played_out(pos, m.action, better, key, playouts, depth)
                means += [mine, theirs]
            found.append((colour, means[0], means[1], means[2], means[3]))
    return found


def continuation_share(pos: Position, seat: int, rng: random.Random) -> float:
    """Seat's share of the win after the ``easy`` bot plays every seat to the end."""
    while not pos.is_over:
        pos = apply_unchecked(pos, greedy_action(pos, rng))
    return final_shares(pos)[seat]


def compare(
    before: Position, played: Action, better: Action, playouts: int, rng: random.Random
) -> tuple[float, float, float]:
    """(the played line's mean share, the better line's, the one-sided z of better - played)."""
    seat = before.packed.turn
    mine = [continuation_share(apply_unchecked(before, played), seat, rng) for _ in range(playouts)]
    best = [continuation_share(apply_unchecked(before, better), seat, rng) for _ in range(playouts)]
    m1, m2 = statistics.fmean(mine), statistics.fmean(best)
    v = statistics.pvariance(mine) / playouts + statistics.pvariance(best) / playouts
    z = (m2 - m1) / math.sqrt(v) if v > 0 else (0.0 if m1 == m2 else math.copysign(9.9, m2 - m1))
    return m1, m2, z


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--players", type=int, choices=(3, 4), default=4)
    parser.add_argument("--level", default="medium", help="the level of every seat")
    parser.add_argument(
        "--iterations", type=int, default=None, help="the players' budget (default: the level's)"
    )
    parser.add_argument("--playouts", type=int, default=30, help="per line of a flagged move")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quiet", action="store_true")
    parser.add_argument(
        "--random-seat",
        action="store_true",
        help="the first seat plays uniformly random legal actions in the play phase",
    )
    parser.add_argument(
        "--costly-playouts", type=int, default=8, help="per line of a costliest move"
    )
    parser.add_argument(
        "--records",
        type=Path,
        default=None,
        help="a folder of the games' records: a game found there is read, not played again; "
        "a game played is saved there",
    )
    args = parser.parse_args()
    rng = random.Random(args.seed)
    flags = confirmed = significant = reversed_ = 0
    review_seconds: list[float] = []
    review_cpu: list[float] = []
    first_points: list[float] = []
    moves_per_game: list[int] = []
    changes: list[float] = []
    quiet_changes: list[float] = []
    squares: list[float] = []
    verdicts: dict[str, int] = {}
    random_last = random_last_outranked = 0
    figures: list[dict[Colour, float]] = []
    costly: list[tuple[str, float, float, float, float]] = []
    named: list[int] = []
    fact_rows: list[tuple[float, set[str], set[str]]] = []
    for game in range(args.games):
        record = saved_game(args, args.seed * 1000 + game)
        start = time.perf_counter()
        Reviewer(record, seed=game).review()
        first_points.append(time.perf_counter() - start)
        start, cpu = time.perf_counter(), time.process_time()
        rev = review(record, seed=game)
        review_seconds.append(time.perf_counter() - start)
        review_cpu.append(time.process_time() - cpu)
        moves_per_game.append(len(rev.moves))
        final = record.current.position
        shares = dict(zip(final.players, final_shares(final)))
        for m in rev.moves:
            quiet = isinstance(m.action, (Place, Recruit, Pass))
            for c in rev.players:
                change = abs(m.after[c] - m.before[c])
                changes.append(change)
                if quiet:
                    quiet_changes.append(change)
            squares.extend((m.before[c] - shares[c]) ** 2 for c in rev.players)
        positions = [record.root.position] + [n.position for n in record.main_line()]
        figure = {c: rev.figure(c).loss_per_move for c in rev.players}
        figures.append(figure)
        first = rev.players[0]
        random_last += args.random_seat and max(figure, key=figure.__getitem__) == first
        passed_over = {c: rev.figure(c).outranked for c in rev.players}
        random_last_outranked += (
            args.random_seat and max(passed_over, key=passed_over.__getitem__) == first
        )
        seats = [first] if args.random_seat else list(rev.players)
        checks = costly_checks(
            rev, positions, seats, args.costly_playouts, game, (CONFIRM_DEPTH, PLAYOUT_DEPTH)
        )
        costly += checks
        named += [len(rev.costliest(c)) for c in seats]
        for m in rev.moves:
            if m.choices > 1:
                played, better = rev.facts(m)
                fact_rows.append(
                    (move_loss(m), {fact_kind(f) for f in played}, {fact_kind(f) for f in better})
                )
        for m in rev.mistakes:
            assert m.better is not None and m.verdict is not None
            flags += 1
            verdicts[m.verdict] = verdicts.get(m.verdict, 0) + 1
            played_share, better_share, z = compare(
                positions[m.index - 1], m.action, m.better, args.playouts, rng
            )
            confirmed += better_share > played_share
            significant += z > 1.64
            reversed_ += z < -1.64
            if not args.quiet:
                print(
                    f"game {game + 1} move {m.index} {m.player} {m.verdict} loss {m.loss:.3f}:"
                    f" played {m.action} {played_share:.2f}, better {m.better}"
                    f" {better_share:.2f} (z {z:+.2f})",
                    flush=True,
                )
        if not args.quiet:
            print(
                f"game {game + 1}: {len(rev.moves)} moves, {len(rev.mistakes)} flagged,"
                f" review {review_seconds[-1]:.2f} s ({review_cpu[-1]:.2f} s of CPU),"
                " loss per move "
                + ", ".join(f"{c} {v:.4f}" for c, v in figure.items())
                + f"; costliest better when played out: {sum(b > a for _, a, b, _, _ in checks)}"
                f"/{len(checks)} ({CONFIRM_DEPTH} actions),"
                f" {sum(d > c for _, _, _, c, d in checks)}/{len(checks)} ({PLAYOUT_DEPTH})",
                flush=True,
            )
    print(
        json.dumps(
            {
                "games": args.games,
                "players": args.players,
                "level": args.level,
                "iterations": args.iterations,
                "moves_per_game": round(statistics.fmean(moves_per_game), 1),
                "flags": flags,
                "flags_per_game": round(flags / args.games, 2),
                "verdicts": verdicts,
                "confirmed_share": round(confirmed / flags, 3) if flags else None,
                "significant_share": round(significant / flags, 3) if flags else None,
                "reversed": reversed_,
                "mean_change": round(statistics.fmean(changes), 4),
                "mean_change_quiet": round(statistics.fmean(quiet_changes), 4),
                "brier": round(statistics.fmean(squares), 4),
                "brier_constant": round((args.players - 1) / args.players**2, 4),
                "review_s_per_game": round(statistics.fmean(review_seconds), 2),
                "review_s_max": round(max(review_seconds), 2),
                "review_cpu_s_per_game": round(statistics.fmean(review_cpu), 2),
                "review_cpu_s_max": round(max(review_cpu), 2),
                "chart_points_s": round(max(first_points), 3),
                "random_seat": args.random_seat,
                "random_last": random_last if args.random_seat else None,
                "random_last_outranked": random_last_outranked if args.random_seat else None,
                "loss_per_move": {
                    c: round(statistics.fmean(f[c] for f in figures), 4) for c in figures[0]
                },
                "figure_spread": round(
                    statistics.fmean(max(f.values()) - min(f.values()) for f in figures), 4
                ),
                "costly_checked": len(costly),
                "costly_named_per_player": round(statistics.fmean(named), 2),
                "costly_better_share": (
                    round(sum(b > a for _, a, b, _, _ in costly) / len(costly), 3)
                    if costly
                    else None
                ),
                "costly_better_share_40": (
                    round(sum(d > c for _, _, _, c, d in costly) / len(costly), 3)
                    if costly
                    else None
                ),
                "facts": fact_figures(fact_rows),
            }
        )
    )


if __name__ == "__main__":
    main()
