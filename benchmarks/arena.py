"""Play one bot seat against named opponents and print its win share.

Games start from the empty board; the bot's seat rotates from game to game. A shared win
counts as a share (1/k for k winners). The last line printed is one JSON object with bot,
opponents, games, win_share, ci95 (the Wilson score interval of the mean share) and
s_per_move (the bot's own seconds per decision with more than one legal action).

    python benchmarks/arena.py --players 4 --bot hard --opponents random --games 40 \
        --iterations 400 --seed 1

Without ``--iterations``/``--seconds`` each level plays with its own default budget.
The hidden level ``rollout`` plays the search's playout policy (to compare it with random);
``easy-chances`` is the ``easy`` bot ranking its actions by the calibrated win chance
(``action_chances``) instead of its one-move margin (``action_scores``).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time

from shangrila_widget.bots import choose_action
from shangrila_widget.bots.evaluation import action_chances, final_shares
from shangrila_widget.bots.playouts import rollout_action
from shangrila_widget.rules import Action, Position, apply_unchecked, legal_actions

SEATS = {3: ["red", "blue", "yellow"], 4: ["red", "blue", "yellow", "violet"]}


def wilson(mean: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a mean share over n games.

    A share lies in [0, 1], so its variance is at most mean * (1 - mean): the interval of a
    win/loss proportion is a conservative one for shares with ties too, and unlike the
    normal interval it does not shrink to a point when every game was won.
    """
    centre = (mean + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(mean * (1 - mean) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def decide(
    pos: Position, level: str, iterations: int | None, seconds: float | None, seed: int
) -> Action:
    if level == "rollout":
        return rollout_action(pos, random.Random(seed))
    if level == "easy-chances":
        actions = legal_actions(pos)
        chances = action_chances(pos, actions)
        top = max(chances)
        return random.Random(seed).choice([a for a, c in zip(actions, chances) if c > top - 1e-9])
    return choose_action(pos, level=level, iterations=iterations, seconds=seconds, seed=seed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, choices=(3, 4), default=4)
    parser.add_argument("--bot", default="hard")
    parser.add_argument("--opponents", default="random", help="a level, or one per seat, a,b,c")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--iterations", type=int, default=None, help="for the searching bot")
    parser.add_argument("--seconds", type=float, default=None, help="for the searching bot")
    parser.add_argument("--opponent-iterations", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args()
    others = args.opponents.split(",")
    if len(others) == 1:
        others *= args.players - 1
    if len(others) != args.players - 1:
        parser.error(f"--opponents needs 1 or {args.players - 1} levels")
    rng = random.Random(args.seed)
    shares: list[float] = []
    bot_seconds = 0.0
    bot_moves = 0
    for game in range(args.games):
        seat = game % args.players
        levels = others[:seat] + [args.bot] + others[seat:]
        pos = Position.new_game(SEATS[args.players])
        while not pos.is_over:
            mover = pos.packed.turn
            level = levels[mover]
            seed = rng.randrange(2**32)
            if mover == seat:
                start = time.perf_counter()
                action = decide(pos, level, args.iterations, args.seconds, seed)
                if len(legal_actions(pos)) > 1:
                    bot_seconds += time.perf_counter() - start
                    bot_moves += 1
            else:
                action = decide(pos, level, args.opponent_iterations, None, seed)
            pos = apply_unchecked(pos, action)
        share = final_shares(pos)[seat]
        shares.append(share)
        if not args.quiet:
            mean = sum(shares) / len(shares)
            print(f"game {game + 1}: seat {seat} share {share:.2f} (mean {mean:.3f})", flush=True)
    n = len(shares)
    mean = sum(shares) / n
    low, high = wilson(mean, n)
    print(
        json.dumps(
            {
                "bot": args.bot,
                "opponents": others,
                "players": args.players,
                "games": n,
                "iterations": args.iterations,
                "seconds": args.seconds,
                "win_share": round(mean, 3),
                "ci95": [round(low, 3), round(high, 3)],
                "s_per_move": round(bot_seconds / max(1, bot_moves), 4),
            }
        )
    )


if __name__ == "__main__":
    main()
