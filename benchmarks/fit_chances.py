"""Fit the bots' win chances to games the package plays against itself.

Plays self-play games (the ``easy`` bot in every seat, with a few random moves at the start
and now and then a random move for variety; then some games of the ``medium`` bot at its
12 iterations), takes every position of every game with the game's result (1/k for each of
k winners), fits the model of :func:`shangrila_widget.bots.evaluation.win_chances` by maximum
likelihood (Newton's method, numpy only) on three games in four, and reports on the
fourth: the Brier score of the new model, of the old hand-set one and of the constant 1/n,
the log loss, and the mean change of a player's chance from one position to the next
(all moves, and quiet ones: placements and recruits). It writes the fitted weights with
the figures to ``shangrila_widget/data/chances.json`` and the calibration plot (the
held-out chances in tenths against the observed shares) to ``docs/img/calibration.svg``.

    nice -n 10 python benchmarks/fit_chances.py --seed 1

The run is deterministic by seed: the ``easy`` games never read the win chances, and the
``medium`` games are played with the model fitted to the ``easy`` games first (not with the
data file's), so the same seed gives the same file. ``--easy-games`` and
``--medium-games`` are per player count. About 10 minutes of CPU time at the defaults.

The model (a conditional logit): seat s scores ``sum_k w[k] * x[s][k]`` over the features
``x`` (masters, students, villages held, masters a journey open now could take, the most
spaces a journey of the seat's could win, 1), with weights ``w`` of their own for each
place in the turn order after the player to move (0 = the player to move), each a
polynomial of the game's progress (during the set-up in the set-up turns taken, during
play in the bridges gone); the chances are the softmax of the scores over the seats.
"""

from __future__ import annotations

import argparse
import datetime
import importlib.util
import json
import math
import random
import re
import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np

from shangrila_widget.bots import Bot, choose_action
from shangrila_widget.bots import evaluation as evaluation_module
from shangrila_widget.bots.evaluation import (
    CHANCE_FEATURES,
    CHANCE_PROGRESS,
    features,
    final_shares,
    greedy_action,
    journey_pressure,
    strengths,
    win_chances,
)
from shangrila_widget.bots.levels import DEFAULT_BUDGETS
from shangrila_widget.rules import Action, Place, Position, Recruit, apply_unchecked, legal_actions
from shangrila_widget.rules.codes import OVER, SETUP

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "shangrila_widget" / "data" / "chances.json"
PICTURE = ROOT / "docs" / "img" / "calibration.svg"
SEATS = {3: ["red", "blue", "yellow"], 4: ["red", "blue", "yellow", "violet"]}
START_BRIDGES = {3: 20, 4: 23}
FEATURES = len(CHANCE_FEATURES) + 1  # and the constant
SETUP_TERMS = len(CHANCE_PROGRESS["setup"])
TERMS = SETUP_TERMS + len(CHANCE_PROGRESS["play"])


# ------------------------------------------------------------------ the old evaluation


def old_chances(pos: Position) -> list[float]:
    """The win chances before this fit: a softmax of the hand-set ``strengths`` with a
    temperature of 0.6 + 0.18 per bridge left (ten more during the set-up)."""
    packed = pos.packed
    if packed.phase == OVER:
        return final_shares(pos)
    values = strengths(pos)
    left = packed.bridges.bit_count() + (10 if packed.phase == SETUP else 0)
    temperature = 0.6 + 0.18 * left
    top = max(values)
    weights = [math.exp((v - top) / temperature) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


# ------------------------------------------------------------------ self-play


@dataclass
class Game:
    """One self-play game: the positions before each action, the actions, the result."""

    players: int
    level: str
    index: int
    positions: list[Position]
    actions: list[Action]
    shares: list[float]


def play_game(players: int, level: str, index: int, seed: int, epsilon: float) -> Game:
    """A game of ``level`` in every seat: 0 to 2n random actions first, then each action
    random with chance ``epsilon`` (``easy`` only), else the level's."""
    rng = random.Random(f"{seed}/{players}/{level}/{index}")
    pos = Position.new_game(SEATS[players])
    opening = rng.randrange(2 * players + 1)
    budget = replace(DEFAULT_BUDGETS["medium"], seconds=None)
    positions: list[Position] = []
    actions: list[Action] = []
    while pos.packed.phase != OVER:
        legal = legal_actions(pos)
        if len(actions) < opening or (level == "easy" and rng.random() < epsilon):
            action = rng.choice(legal)
        elif level == "easy" or len(legal) == 1:
            action = greedy_action(pos, rng)
        else:
            action = choose_action(pos, Bot("medium", budget, rng.randrange(2**32)))
        positions.append(pos)
        actions.append(action)
        pos = apply_unchecked(pos, action)
    return Game(players, level, index, positions, actions, final_shares(pos))


# ------------------------------------------------------------------ the data


@dataclass
class Data:
    """Every position of some games, for one player count, as arrays."""

    players: int
    game: np.ndarray  # (P,) game number
    medium: np.ndarray  # (P,) True for a game of the medium bot
    terms: np.ndarray  # (P, TERMS) progress terms, set-up ones then play ones
    place: np.ndarray  # (P, n) each seat's place after the player to move
    x: np.ndarray  # (P, n, FEATURES) each seat's features
    shares: np.ndarray  # (P, n) the game's result
    old: np.ndarray  # (P, n) the old chances
    quiet: np.ndarray  # (P,) the action from this position is a placement or a recruit
    follows: np.ndarray  # (P,) the next position is of the same game and not over

    def part(self, keep: np.ndarray) -> Data:
        return Data(
            self.players,
            *(getattr(self, f)[keep] for f in list(self.__dataclass_fields__)[1:]),
        )


def progress_terms(pos: Position) -> list[float]:
    """The progress terms of :data:`CHANCE_PROGRESS` (0 for the other phase's)."""
    packed = pos.packed
    n = len(packed.players)
    if packed.phase == SETUP:
        s = min(1.0, packed.setup_turns / (7 * n))
        return [1.0, s, 0.0, 0.0, 0.0]
    g = max(0.0, 1.0 - packed.bridges.bit_count() / START_BRIDGES[n])
    return [0.0, 0.0, 1.0, g, g * g]


def seat_features(pos: Position) -> list[list[float]]:
    """Per seat, the model's features (:data:`CHANCE_FEATURES`, then 1)."""
    packed = pos.packed
    masters, students, villages = features(packed.cells)
    threatened, chance = journey_pressure(pos)
    return [
        [masters[c], students[c], villages[c].bit_count(), threatened[c], chance[c], 1.0]
        for c in packed.players
    ]


def gather(games: list[Game], players: int) -> Data:
    rows: dict[str, list[Any]] = {k: [] for k in Data.__dataclass_fields__ if k != "players"}
    for number, game in enumerate(games):
        last = len(game.positions) - 1
        for i, (pos, action) in enumerate(zip(game.positions, game.actions)):
            turn = pos.packed.turn
            rows["game"].append(number)
            rows["medium"].append(game.level == "medium")
            rows["terms"].append(progress_terms(pos))
            rows["place"].append([(s - turn) % players for s in range(players)])
            rows["x"].append(seat_features(pos))
            rows["shares"].append(game.shares)
            rows["old"].append(old_chances(pos))
            rows["quiet"].append(type(action) in (Place, Recruit))
            rows["follows"].append(i < last)
    return Data(players, *(np.array(rows[k]) for k in rows))


# ------------------------------------------------------------------ the model


def design(data: Data, rows: slice) -> np.ndarray:
    """(P, n, K) the linear model's inputs: term j x place o x feature k, the constant of
    place 0 left out (the softmax ignores what all seats add alike)."""
    n = data.players
    terms = data.terms[rows]
    onehot = np.eye(n)[data.place[rows]]  # (P, n, n)
    full = np.einsum("pj,pso,psk->psjok", terms, onehot, data.x[rows])
    full = full.reshape(len(terms), n, TERMS * n * FEATURES)
    return full[:, :, keep_columns(n)]


def keep_columns(n: int) -> np.ndarray:
    index = np.arange(TERMS * n * FEATURES).reshape(TERMS, n, FEATURES)
    mask = np.ones((TERMS, n, FEATURES), bool)
    mask[:, 0, FEATURES - 1] = False
    return index[mask]


def unpack(theta: np.ndarray, n: int) -> np.ndarray:
    """(TERMS, n, FEATURES) weights from the fitted vector."""
    full = np.zeros(TERMS * n * FEATURES)
    full[keep_columns(n)] = theta
    return full.reshape(TERMS, n, FEATURES)


def softmax(scores: np.ndarray) -> np.ndarray:
    e = np.exp(scores - scores.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


CHUNK = 20_000


def fit(data: Data, ridge: float, steps: int = 30) -> np.ndarray:
    """Maximum likelihood of the shares (a soft-label conditional logit) with an L2
    penalty ``ridge`` per position, by Newton's method with step halving."""
    k = len(keep_columns(data.players))
    theta = np.zeros(k)
    count = len(data.game)

    def loss_grad_hess(theta: np.ndarray, need: bool) -> tuple[float, np.ndarray, np.ndarray]:
        loss = 0.0
        grad = np.zeros(k)
        hess = np.zeros((k, k))
        for start in range(0, count, CHUNK):
            rows = slice(start, start + CHUNK)
            x = design(data, rows)
            p = softmax(x @ theta)
            y = data.shares[rows]
            loss -= float((y * np.log(np.maximum(p, 1e-300))).sum())
            if need:
                mean = np.einsum("ps,psk->pk", p, x)
                grad += np.einsum("ps,psk->k", p - y, x)
                weighted = x * np.sqrt(p)[:, :, None]
                flat = weighted.reshape(-1, k)
                hess += flat.T @ flat - mean.T @ mean
        loss = loss / count + 0.5 * ridge * float(theta @ theta)
        return loss, grad / count + ridge * theta, hess / count + ridge * np.eye(k)

    loss, grad, hess = loss_grad_hess(theta, True)
    for _ in range(steps):
        step = np.linalg.solve(hess, grad)
        size = 1.0
        while True:
            trial = theta - size * step
            trial_loss = loss_grad_hess(trial, False)[0]
            if trial_loss <= loss or size < 1e-4:
                break
            size /= 2
        theta = trial
        done = loss - trial_loss < 1e-10
        loss, grad, hess = loss_grad_hess(theta, True)
        if done:
            break
    return theta


def predict(data: Data, theta: np.ndarray) -> np.ndarray:
    parts = [
        softmax(design(data, slice(s, s + CHUNK)) @ theta) for s in range(0, len(data.game), CHUNK)
    ]
    return np.concatenate(parts) if parts else np.zeros((0, data.players))


def model_dict(weights: dict[int, np.ndarray]) -> dict[str, Any]:
    """The data file's ``weights``: per player count, per phase, [term][place][feature]."""
    out: dict[str, Any] = {}
    for n, w in weights.items():
        rounded = np.round(w, 6).tolist()
        out[str(n)] = {"setup": rounded[:SETUP_TERMS], "play": rounded[SETUP_TERMS:]}
    return out


def install(weights: dict[int, np.ndarray]) -> None:
    """Make the package's win chances use these weights (for the ``medium`` games)."""
    model = dict(evaluation_module.CHANCE_MODEL)
    model["weights"] = model_dict(weights)
    evaluation_module._TABLES = evaluation_module._model_tables(model)  # noqa: SLF001


# ------------------------------------------------------------------ the figures


def brier(p: np.ndarray, y: np.ndarray) -> float:
    return float(((p - y) ** 2).mean())


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    return float(-(y * np.log(np.clip(p, 1e-12, 1))).sum(axis=1).mean())


def swings(data: Data, p: np.ndarray) -> dict[str, float]:
    """Mean |change| of a player's chance from a position to the next one (the next not
    over), over all moves and over quiet ones, and the mean signed change of the mover's."""
    follows = data.follows[:-1] & (data.game[1:] == data.game[:-1])
    change = np.abs(p[1:] - p[:-1]).mean(axis=1)
    quiet = follows & data.quiet[:-1]
    mover = (data.place[:-1] == 0).argmax(axis=1)
    rows = np.arange(len(mover))
    signed = p[1:][rows, mover] - p[:-1][rows, mover]
    return {
        "all": round(float(change[follows].mean()), 4),
        "quiet": round(float(change[quiet].mean()), 4),
        "mover_quiet_signed": round(float(signed[quiet].mean()), 4),
    }


def by_stage(data: Data, p: np.ndarray) -> dict[str, dict[str, float]]:
    """The Brier scores (fitted, old) in the set-up and in each third of the play (by the
    bridges gone)."""
    g = data.terms[:, SETUP_TERMS + 1]
    playing = data.terms[:, SETUP_TERMS] > 0
    stages = {
        "setup": ~playing,
        "play, first third": playing & (g < 1 / 3),
        "play, second third": playing & (g >= 1 / 3) & (g < 2 / 3),
        "play, last third": playing & (g >= 2 / 3),
    }
    return {
        name: {
            "positions": int(rows.sum()),
            "fitted": round(brier(p[rows], data.shares[rows]), 4),
            "old": round(brier(data.old[rows], data.shares[rows]), 4),
        }
        for name, rows in stages.items()
        if rows.any()
    }


def calibration(p: np.ndarray, y: np.ndarray) -> list[dict[str, float]]:
    """By tenths of the predicted chance: the count, the mean chance, the mean share."""
    flat_p, flat_y = p.ravel(), y.ravel()
    tenth = np.minimum((flat_p * 10).astype(int), 9)
    table = []
    for t in range(10):
        inside = tenth == t
        count = int(inside.sum())
        table.append(
            {
                "low": t / 10,
                "count": count,
                "predicted": round(float(flat_p[inside].mean()), 4) if count else None,
                "observed": round(float(flat_y[inside].mean()), 4) if count else None,
            }
        )
    return table


def report(name: str, data: Data, theta: np.ndarray) -> dict[str, Any]:
    p = predict(data, theta)
    y = data.shares
    n = data.players
    flat = np.full_like(y, 1.0 / n)
    return {
        "positions": len(data.game),
        "games": len(set(data.game.tolist())),
        "brier": {
            "fitted": round(brier(p, y), 4),
            "old": round(brier(data.old, y), 4),
            "constant": round(brier(flat, y), 4),
        },
        "log_loss": {
            "fitted": round(log_loss(p, y), 4),
            "old": round(log_loss(data.old, y), 4),
            "constant": round(log_loss(flat, y), 4),
        },
        "brier_by_stage": by_stage(data, p),
        "change": {"fitted": swings(data, p), "old": swings(data, data.old)},
        "_p": p,
        "_name": name,
    }


def compact_json(data: Any) -> str:
    """Indented JSON with every innermost list on one line."""
    text = json.dumps(data, indent=1)
    inner = re.compile(r"\[([^\[\]{}]*)\]")
    return (
        inner.sub(lambda m: "[" + ", ".join(x.strip() for x in m[1].split(",")) + "]", text) + "\n"
    )


def load_generate() -> Any:
    spec = importlib.util.spec_from_file_location("docs_generate", ROOT / "docs" / "generate.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


# ------------------------------------------------------------------ main


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--easy-games", type=int, default=600, help="per player count")
    parser.add_argument("--medium-games", type=int, default=30, help="per player count")
    parser.add_argument("--epsilon", type=float, default=0.05)
    parser.add_argument("--ridge", type=float, default=1e-4)
    parser.add_argument("--dry-run", action="store_true", help="write nothing")
    args = parser.parse_args()
    cpu = time.process_time()

    def say(text: str) -> None:
        print(f"[{time.process_time() - cpu:6.0f} s] {text}", flush=True)

    games: dict[int, list[Game]] = {}
    for n in (3, 4):
        games[n] = [
            play_game(n, "easy", i, args.seed, args.epsilon) for i in range(args.easy_games)
        ]
        say(f"{n} players: {len(games[n])} easy games")
    # held out: every fourth game
    held = {n: np.array([g.index % 4 == 3 for g in games[n]]) for n in (3, 4)}
    first = {}
    for n in (3, 4):
        data = gather([g for g, h in zip(games[n], held[n]) if not h], n)
        first[n] = unpack(fit(data, args.ridge), n)
    say("fitted to the easy games")
    install(first)
    for n in (3, 4):
        medium = [play_game(n, "medium", i, args.seed, 0.0) for i in range(args.medium_games)]
        games[n] += medium
        held[n] = np.concatenate([held[n], [g.index % 4 == 3 for g in medium]])
        say(f"{n} players: {len(medium)} medium games")

    weights: dict[int, np.ndarray] = {}
    results: dict[str, Any] = {}
    held_p: list[np.ndarray] = []
    held_y: list[np.ndarray] = []
    for n in (3, 4):
        data = gather(games[n], n)
        in_held = held[n][data.game]
        train, test = data.part(~in_held), data.part(in_held)
        theta = fit(train, args.ridge)
        weights[n] = unpack(theta, n)
        figures = {
            "train": report("train", train, theta),
            "held_out": report("held out", test, theta),
        }
        if test.medium.any():
            figures["held_out_medium"] = report("held out, medium", test.part(test.medium), theta)
        held_p.append(figures["held_out"]["_p"].ravel())
        held_y.append(test.shares.ravel())
        for figure in figures.values():
            figure.pop("_p")
            name = figure.pop("_name")
            print(f"{n} players, {name}: {json.dumps(figure)}")
        results[str(n)] = figures
    say("fitted")

    table = calibration(np.concatenate(held_p), np.concatenate(held_y))
    for row in table:
        low, count, predicted, observed = (
            row["low"],
            row["count"],
            row["predicted"],
            row["observed"],
        )
        print(f"  {low:.1f}: {count:7d} seat-positions, chance {predicted}, share {observed}")
    all_p, all_y = np.concatenate(held_p), np.concatenate(held_y)
    summary = {"brier_held_out": round(brier(all_p, all_y), 4)}

    # the package's own win_chances, from the rounded weights, give the fitted chances
    install(weights)
    for n in (3, 4):
        sample = [g for g in games[n] if g.index % 4 == 3][:3]
        data = gather(sample, n)
        rounded = np.round(weights[n], 6).ravel()[keep_columns(n)]
        expected = predict(data, rounded)
        got = [win_chances(pos) for game in sample for pos in game.positions]
        assert np.abs(np.array(got) - expected).max() < 1e-9, "win_chances differs from the fit"
    model = {
        "format": "shangrila-chances/1",
        "about": (
            "The fitted win-chance model of shangrila_widget.bots.evaluation.win_chances, written "
            "by benchmarks/fit_chances.py; weights[n][phase][term][place][feature]: place 0 "
            "is the player to move, 1 the next one; the terms are CHANCE_PROGRESS's."
        ),
        "features": [*CHANCE_FEATURES, "constant"],
        "progress": {k: list(v) for k, v in CHANCE_PROGRESS.items()},
        "weights": model_dict(weights),
        "fit": {
            "date": datetime.date.today().isoformat(),
            "command": "nice -n 10 python benchmarks/fit_chances.py " + " ".join(sys.argv[1:]),
            "seed": args.seed,
            "easy_games": args.easy_games,
            "medium_games": args.medium_games,
            "epsilon": args.epsilon,
            "ridge": args.ridge,
            "held_out": "every fourth game",
            **summary,
            "figures": results,
        },
        "calibration": table,
    }
    if args.dry_run:
        return
    DATA.write_text(compact_json(model), encoding="utf-8")
    say(f"wrote {DATA.relative_to(ROOT)}")
    PICTURE.write_text(load_generate().calibration_svg(table), encoding="utf-8")
    say(f"wrote {PICTURE.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
