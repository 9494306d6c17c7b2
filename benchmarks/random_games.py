"""Play complete games with uniformly random legal actions and print the speed.

Every decision lists all legal actions (as a player would see them) and picks one uniformly.
The last line printed is one JSON object with the keys players, games, games_per_s,
actions_per_game and journeys_per_game.

    python benchmarks/random_games.py --players 4 --seconds 10
"""

from __future__ import annotations

import argparse
import json
import random
import time

from shangrila_widget.rules import Journey, Position, apply_unchecked, legal_actions

SEATS = {3: ["red", "blue", "yellow"], 4: ["red", "blue", "yellow", "violet"]}


def play_random_game(players: int, rng: random.Random) -> tuple[int, int]:
    """One complete game; returns (actions played, journeys played)."""
    pos = Position.new_game(SEATS[players])
    actions = journeys = 0
    choice = rng.choice
    while True:
        legal = legal_actions(pos)
        if not legal:
            return actions, journeys
        action = choice(legal)
        if type(action) is Journey:
            journeys += 1
        pos = apply_unchecked(pos, action)
        actions += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, choices=(3, 4), default=4)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    games = actions = journeys = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < args.seconds:
        a, j = play_random_game(args.players, rng)
        games += 1
        actions += a
        journeys += j
    print(
        json.dumps(
            {
                "players": args.players,
                "games": games,
                "games_per_s": round(games / elapsed, 1),
                "actions_per_game": round(actions / games, 1),
                "journeys_per_game": round(journeys / games, 2),
            }
        )
    )


if __name__ == "__main__":
    main()
