"""The board widget's HTML fragments: the status line, the supply table, a message with its
rule badges, the position in words, and the players' colour marks.

Pure functions of a position or a sentence and a language (no widget here), so the tour and
the checker use :func:`rule_badge` without importing the board.

>>> from shangrila_widget.rules import Position
>>> "Red" in status_html(Position.new_game(["red", "blue", "yellow"]), "en", busy=False)
True
>>> rule_badge("SETUP-SPACE", "en").startswith("<code class='shangrila-rule-badge'")
True
"""

from __future__ import annotations

import html

from shangrila_widget.render.accessible import position_description, position_title
from shangrila_widget.render.styles import PLAYER_STYLES
from shangrila_widget.rules import Position
from shangrila_widget.rules.board import MASTER_TYPES
from shangrila_widget.rules.engine import scores
from shangrila_widget.rules.messages import (
    COLOUR_NAMES,
    TYPE_NAMES,
    Language,
    rule_text,
    rule_title,
    say,
    type_letter,
)
from shangrila_widget.widget.controller import Feedback


def status_html(pos: Position, lang: Language, *, busy: bool) -> str:
    """Who is to move and the phase (and "thinking…" while ``busy``); at the end, who won."""
    phase = say(f"ui.phase_{pos.phase}", lang)
    if pos.is_over:
        names = ", ".join(COLOUR_NAMES[lang][c] for c in pos.winners())
        who = f"<b>{say('ui.winner', lang)}: {html.escape(names)}</b>"
        return f"{_dot(None)} {phase} · {who}"
    who = f"<b>{COLOUR_NAMES[lang][pos.to_move]}</b> {say('ui.to_move', lang)}"
    thinking = f" · <i>{say('ui.busy', lang)}</i>" if busy else ""
    return f"{_dot(pos.to_move)} {who} · {phase}{thinking}"


def supply_html(pos: Position, lang: Language) -> str:
    """The supply and score table, and the winners at the end."""
    header = "".join(
        f"<th title='{html.escape(TYPE_NAMES[lang][t], quote=True)}'>{type_letter(t, lang)}</th>"
        for t in MASTER_TYPES
    )
    rows = []
    table = scores(pos)
    for colour in pos.players:
        cells = "".join(f"<td>{n}</td>" for n in pos.supplies(colour).values())
        masters, villages = table[colour]
        rows.append(
            f"<tr><th scope='row'>{_swatch(colour)} {COLOUR_NAMES[lang][colour]}</th>"
            f"{cells}<td>{masters}</td><td>{villages}</td></tr>"
        )
    result = (
        f"<table class='shangrila-supply'><tr><th scope='col'>{say('ui.supply', lang)}</th>"
        f"{header}<th scope='col'>{say('ui.masters', lang)}</th>"
        f"<th scope='col'>{say('ui.villages', lang)}</th></tr>{''.join(rows)}</table>"
    )
    if pos.is_over:
        names = ", ".join(COLOUR_NAMES[lang][c] for c in pos.winners())
        result += f"<p class='shangrila-winner'><b>{say('ui.winner', lang)}: {names}</b></p>"
    return result


def feedback_html(feedback: Feedback, lang: Language) -> str:
    """A message for the message line: its events as a list with their rule badges, or its
    sentence after its badges; a live region, so that screen readers announce it."""
    if feedback.events:
        body = "".join(
            f"<li>{rule_badge(e.rule, lang)} {html.escape(e.message(lang))}</li>"
            for e in feedback.events
        )
        text = f"<ul>{body}</ul>"
        if feedback.has_own_sentence:  # a replay, a computer move
            text = f"<p>{html.escape(feedback.text(lang))}</p>{text}"
    else:
        badges = " ".join(rule_badge(r, lang) for r in feedback.rules)
        text = f"{badges} {html.escape(feedback.text(lang))}"
    return (
        f"<div class='shangrila-feedback shangrila-feedback-{feedback.kind}' role='status' "
        f"aria-live='polite' aria-atomic='true'>{text}</div>"
    )


def description_html(pos: Position, lang: Language) -> str:
    """The position in words (``render.accessible``), a list item a line."""
    lines = [position_title(pos, lang), *position_description(pos, lang).split("\n")]
    return "<ul>" + "".join(f"<li>{html.escape(line)}</li>" for line in lines) + "</ul>"


def rule_badge(rule: str, lang: Language) -> str:
    """The rule id as a small HTML badge whose tooltip is the rule's title and text (the
    board's messages, the tour's narration)."""
    try:
        tip = f"{rule_title(rule, lang)}: {rule_text(rule, lang)}"
    except KeyError:
        tip = rule
    return (
        f"<code class='shangrila-rule-badge' title='{html.escape(tip, quote=True)}'>"
        f"{html.escape(rule)}</code>"
    )


def _dot(colour: str | None) -> str:
    """The round mark of the player to move (grey at the end of the game)."""
    fill = PLAYER_STYLES[colour].fill if colour is not None else "#999999"
    return f"<span class='shangrila-dot' style='background:{fill}'></span>"


def _swatch(colour: str) -> str:
    """A small square of the player's colour with its darker edge (legible for yellow too;
    the player's colours are the picture's, in every theme)."""
    style = PLAYER_STYLES[colour]
    return (
        f"<span class='shangrila-swatch' style='background:{style.fill};"
        f"border-color:{style.edge}'></span>"
    )


__all__ = ["description_html", "feedback_html", "rule_badge", "status_html", "supply_html"]
