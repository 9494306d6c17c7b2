"""Random questions for the ruling tests and benchmark: a position from a seeded random game
(3 or 4 players, either edition, set-up, play or over) and an action, legal or (mostly) not,
sometimes tried by a player who is not to move."""

from __future__ import annotations

import random

from shangrila_widget.rules import (
    COLOURS,
    MASTER_TYPES,
    VILLAGES,
    Action,
    Journey,
    Pass,
    Place,
    Position,
    Recruit,
    apply_unchecked,
    random_action,
)
from shangrila_widget.rules.board import BRIDGES

FOUR = ("red", "blue", "yellow", "violet")
THREE = ("red", "blue", "yellow")


def random_position(rng: random.Random) -> Position:
    """A position after a random number of random legal actions (to the end sometimes)."""
    players = list(
        rng.choice((FOUR, THREE, ("violet", "yellow", "blue", "red"), ("blue", "violet", "red")))
    )
    pos = Position.new_game(players, end_eleven=rng.random() < 0.3)
    moves = rng.choice((rng.randrange(0, 28), rng.randrange(20, 60), rng.randrange(40, 200)))
    for _ in range(moves):
        if pos.is_over:
            break
        pos = apply_unchecked(pos, random_action(pos, rng))
    return pos


def random_try(pos: Position, rng: random.Random) -> Action:
    """An action to ask about: a legal one at times, else a random one of any kind."""
    roll = rng.random()
    if roll < 0.15 and not pos.is_over:
        return random_action(pos, rng)
    colour = pos.to_move
    own = [
        (t, v)
        for v in VILLAGES
        for t, tile in pos.tiles(v).items()
        if tile.owner == colour and rng.random() < 0.7
    ]
    kind = rng.random()
    if kind < 0.3:
        return Place(rng.choice(MASTER_TYPES), rng.choice(VILLAGES))
    if kind < 0.6:
        count = rng.choice((1, 1, 2, 2, 2, 3))
        students = [
            rng.choice(own)
            if own and rng.random() < 0.7
            else (rng.choice(MASTER_TYPES), rng.choice(VILLAGES))
            for _ in range(count)
        ]
        return Recruit(tuple(students))
    if kind < 0.95:
        if rng.random() < 0.8:
            a, b = rng.choice(BRIDGES)
            return Journey(a, b) if rng.random() < 0.5 else Journey(b, a)
        return Journey(rng.choice(VILLAGES), rng.choice(VILLAGES))
    return Pass()


def random_question(rng: random.Random) -> tuple[Position, Action, str | None]:
    """(position, action, player or None)."""
    pos = random_position(rng)
    action = random_try(pos, rng)
    player = None
    if rng.random() < 0.1:
        player = rng.choice([c for c in COLOURS if c in pos.players])
    return pos, action, player
