"""The ``exercises`` command: ``shangrila exercises [--count N] [--seed S] [--players 3|4]
[--lang pl] [--kind KIND] [--rule RULE] [--level 1|2|3]``.

It prints one JSON list of exercises (the format in docs/formats.md): each with its
position, the action asked about, and options whose ``claims`` any other rules engine can
check with the ``check`` command. Exit status 0; 2 and one line on standard error for a bad
option.
"""

from __future__ import annotations

import argparse
from typing import Any

from shangrila_widget.cli import add_lang_argument, one_of, option_error, whole_number
from shangrila_widget.rules.errors import excerpt


def _rule(text: str) -> str:
    from shangrila_widget.exercises import ASKABLE_RULES

    rule = text.upper()
    if rule not in ASKABLE_RULES:
        raise option_error("no_exercise_rule", value=excerpt(text))
    return rule


def exercises_json(
    count: int = 10,
    seed: int = 0,
    *,
    players: int = 4,
    kinds: list[str] | None = None,
    rules: list[str] | None = None,
    lang: str = "en",
    level: int | None = None,
) -> list[dict[str, Any]]:
    """The ``exercises`` answer: a list of JSON objects.

    >>> tuple(e["kind"] for e in exercises_json(2, 5))
    ('what_happens', 'stronger')
    >>> tuple(e["level"] for e in exercises_json(2, 5, level=3))
    (3, 3)
    """
    from shangrila_widget.exercises import generate

    made = generate(
        count, seed, players=players, kinds=kinds or None, rules=rules or None, level=level
    )
    return [e.to_dict("pl" if lang == "pl" else "en") for e in made]


def run_exercises(args: argparse.Namespace) -> int:
    """Run the parsed ``exercises`` command; returns the exit status."""
    from shangrila_widget.cli import write_json
    from shangrila_widget.rules import ShangrilaError

    try:
        answer = exercises_json(
            args.count,
            args.seed,
            players=args.players,
            kinds=args.kind,
            rules=args.rule,
            lang=args.lang,
            level=args.level,
        )
    except ValueError as error:  # a rule no exercise asks about, or not at that level
        raise ShangrilaError(str(error)) from None
    write_json(answer, args.pretty)
    return 0


def add_exercises_command(commands: Any) -> None:
    """Register ``exercises`` on the subparsers object of the main parser."""
    from shangrila_widget.exercises import ASKABLE_RULES, KINDS

    parser = commands.add_parser(
        "exercises", help="print exercises (questions on positions, with checkable answers)"
    )
    count = whole_number("--count", 99999)
    parser.add_argument("--count", type=count, default=10, help="how many (default 10)")
    seed = whole_number("--seed")
    parser.add_argument("--seed", type=seed, default=0, help="the same seed gives the same set")
    players = one_of("--players", (3, 4))
    parser.add_argument("--players", type=players, choices=(3, 4), default=4, help="(default 4)")
    add_lang_argument(parser, "(default en)")
    parser.add_argument(
        "--kind",
        action="append",
        type=one_of("--kind", KINDS),
        choices=KINDS,
        help="only this kind (repeatable)",
    )
    parser.add_argument(
        "--rule",
        action="append",
        type=_rule,
        metavar="RULE",
        help=f"ask about this rule id (repeatable): {', '.join(sorted(ASKABLE_RULES))}",
    )
    parser.add_argument(
        "--level",
        type=one_of("--level", (1, 2, 3)),
        choices=(1, 2, 3),
        help="only this step: 1 one rule, 2 rules together, 3 whole journeys, several colours",
    )
    parser.add_argument("--pretty", action="store_true", help="indent the JSON output")
    parser.set_defaults(run=run_exercises)
