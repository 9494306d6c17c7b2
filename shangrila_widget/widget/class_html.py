"""The teacher's class view in HTML: the join box, the question's options, its tally and
explanation after Reveal, a step of the play-out, the lesson's report as a chart, and the
view's style sheet (presenter mode included). Every name typed on a phone is escaped here."""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping
from typing import Any

import ipywidgets as widgets

from shangrila_widget.class_session.report import misreading_name
from shangrila_widget.exercises import Exercise, PlayStep
from shangrila_widget.render.layout import board_layout
from shangrila_widget.render.styles import PRESENTER_LETTERING
from shangrila_widget.rules.messages import Language, rule_title, say
from shangrila_widget.widget.board_html import rule_badge

__all__ = [
    "answer_counts",
    "class_stylesheet",
    "explanation_html",
    "join_html",
    "names_html",
    "options_html",
    "report_chart_html",
    "step_html",
    "tally_html",
]


def join_html(url: str, qr_svg: str, lang: Language, *, large: bool) -> str:
    """The join box: the QR code of the students' ``url`` (``qr_svg``), the link under it."""
    size = "large" if large else "small"
    scan = html.escape(say("class.teacher_scan", lang))
    return (
        f"<div class='shangrila-class-qr-{size}'>"
        f"<div class='shangrila-qr-picture'>{qr_svg}</div>"
        f"<div class='shangrila-class-link'>{scan}"
        f"<br><a href='{html.escape(url, quote=True)}' target='_blank' "
        f"class='shangrila-class-students-link'>{html.escape(url)}</a></div></div>"
    )


def names_html(students: Iterable[Mapping[str, Any]], lang: Language) -> str:
    """The names of the students joined, escaped (one without a name is said anonymous).

    >>> names_html([{"name": "<b>Ola</b>"}, {"name": ""}], "en")
    "<div class='shangrila-class-names-list'>&lt;b&gt;Ola&lt;/b&gt;, (anonymous)</div>"
    """
    names = [str(s.get("name") or "") for s in students]
    if not names:
        return ""
    anonymous = html.escape(say("class.teacher_anonymous", lang))
    shown = ", ".join(html.escape(n) if n else anonymous for n in names)
    return f"<div class='shangrila-class-names-list'>{shown}</div>"


def options_html(exercise: Exercise, lang: Language) -> str:
    """The options while the question is open: their words only, no counts."""
    items = "".join(
        f"<li>{html.escape(option.text.text(lang))}</li>" for option in exercise.options
    )
    return f"<ol class='shangrila-class-options' type='A'>{items}</ol>"


def answer_counts(tally: Iterable[Mapping[str, Any]]) -> dict[int | None, int]:
    """The server's tally after Reveal as answers per option index (None: no option names it).

    >>> answer_counts([{"option": 1, "count": 2}, {"option": None, "count": 1}])
    {1: 2, None: 1}
    """
    counts: dict[int | None, int] = {}
    for row in tally:
        option = row.get("option")
        key = None if option is None else int(option)
        counts[key] = counts.get(key, 0) + int(row["count"])
    return counts


def tally_html(exercise: Exercise, counts: Mapping[int | None, int], lang: Language) -> str:
    """A bar per option with its count (``counts``: :func:`answer_counts`); each wrong one
    named by its misreading."""
    total = sum(counts.values())
    rows = []
    for index, option in enumerate(exercise.options):
        count = counts.get(index, 0)
        width = 0 if total == 0 else round(100 * count / total)
        if option.correct:
            label = say("class.teacher_count_right", lang, count=count, total=total)
        elif option.misreading is not None:
            label = say(
                "class.teacher_count_misread",
                lang,
                count=count,
                total=total,
                misreading=misreading_name(option.misreading, lang),
            )
        else:
            label = say("class.teacher_count_of", lang, count=count, total=total)
        kind = "right" if option.correct else "wrong"
        mark = "✓" if option.correct else "✗"
        rows.append(
            f"<div class='shangrila-class-bar-row shangrila-class-{kind}' "
            f"data-option='{index}' data-count='{count}'>"
            f"<div class='shangrila-class-option-text'>{mark} "
            f"{html.escape(option.text.text(lang))}</div>"
            f"<div class='shangrila-class-bar-track'><div class='shangrila-class-bar' "
            f"style='width:{width}%'></div></div>"
            f"<div class='shangrila-class-bar-label'>{html.escape(label)}</div></div>"
        )
    other = counts.get(None, 0)
    if other:  # spaces or a journey that no option names
        label = say("class.teacher_count_other", lang, count=other, total=total)
        rows.append(
            f"<div class='shangrila-class-bar-row shangrila-class-wrong' "
            f"data-option='none' data-count='{other}'>"
            f"<div class='shangrila-class-bar-label'>✗ {html.escape(label)}</div></div>"
        )
    return "".join(rows)


def explanation_html(exercise: Exercise, counts: Mapping[int | None, int], lang: Language) -> str:
    """The right answer, then why each wrong option chosen by someone is wrong."""
    said = [say("ui.exercise_answer_was", lang, answer=exercise.answer.text.text(lang))]
    for index, option in enumerate(exercise.options):
        if not option.correct and option.misreading and counts.get(index, 0):
            said.append(exercise.explain(option, lang))
    return "".join(f"<p>{html.escape(text)}</p>" for text in said)


def step_html(step: PlayStep, lang: Language) -> str:
    """One step of the action played out: its rule's badge and what happened."""
    return (
        f"<div class='shangrila-feedback'>{rule_badge(step.rule, lang)} "
        f"{html.escape(step.words(lang))}</div>"
    )


def report_chart_html(report: Mapping[str, Any], lang: Language = "en") -> str:
    """The lesson's report (``ClassReport.to_dict``) as a chart: a bar per rule (the share
    right), a bar per misreading chosen (how many chose it) and a table per student (names
    escaped). Names of rules and misreadings are said in ``lang`` from their keys."""
    parts = [f"<h3>{html.escape(say('class.teacher_report_title', lang))}</h3>"]
    total = say(
        "class.teacher_report_total",
        lang,
        right=int(report.get("right", 0)),
        answered=int(report.get("answered", 0)),
    )
    parts.append(f"<p>{html.escape(total)}</p>")
    parts.append(f"<h4>{html.escape(say('class.teacher_report_rules', lang))}</h4>")
    for rule in report.get("rules", []):
        answered, right = int(rule["answered"]), int(rule["right"])
        share = right / answered if answered else 0.0
        label = say("class.teacher_report_rule", lang, right=right, answered=answered)
        parts.append(
            _bar(f"{rule_title(rule['rule'], lang)} ({rule['rule']})", share, label, "rule")
        )
    chosen = [m for m in report.get("misreadings", []) if int(m["chosen"])]
    if chosen:
        most = max(int(m["chosen"]) for m in chosen)
        parts.append(f"<h4>{html.escape(say('class.teacher_report_misreadings', lang))}</h4>")
        for m in chosen:
            label = say("class.teacher_report_chosen", lang, n=int(m["chosen"]))
            share = int(m["chosen"]) / most if most else 0.0
            parts.append(_bar(misreading_name(str(m["key"]), lang), share, label, "misreading"))
    students = report.get("students", [])
    if students:
        parts.append(f"<h4>{html.escape(say('class.teacher_report_students', lang))}</h4>")
        rows = "".join(
            f"<tr><td>{html.escape(str(s['name']) or say('class.teacher_anonymous', lang))}"
            f"</td><td>{int(s['right'])} / {int(s['answered'])}</td></tr>"
            for s in students
        )
        parts.append(f"<table class='shangrila-class-students'>{rows}</table>")
    return "".join(parts)


def _bar(name: str, share: float, label: str, kind: str) -> str:
    return (
        f"<div class='shangrila-class-bar-row shangrila-class-report-{kind}'>"
        f"<div class='shangrila-class-option-text'>{html.escape(name)}</div>"
        f"<div class='shangrila-class-bar-track'><div class='shangrila-class-bar' "
        f"style='width:{round(100 * share)}%'></div></div>"
        f"<div class='shangrila-class-bar-label'>{html.escape(label)}</div></div>"
    )


_STYLE = """
.shangrila-class .shangrila-class-header { gap: 6px 10px; }
.shangrila-class .shangrila-class-code-value {
  font-size: 32px; letter-spacing: 0.12em; font-family: monospace; line-height: 1.1;
}
/* The join code is taller than a widget's usual line: its box grows with it (else the code
   sticks out above the box it is in, where no scrolling reaches it). */
.shangrila-class .shangrila-class-code,
.shangrila-class .shangrila-class-code > .widget-html-content { height: auto; line-height: 1.2; }
.shangrila-class .shangrila-class-main { align-items: flex-start; gap: 12px; }
.shangrila-class .shangrila-class-main > .shangrila-class-board-box {
  flex: 1 1 55%; min-width: 0;
}
.shangrila-class .shangrila-class-board-box > .shangrila-board { flex: 1 1 auto; min-width: 0; }
.shangrila-class .shangrila-class-chooser input { min-width: 8em; }
.shangrila-class .shangrila-class-chooser { max-width: 44em; }
.shangrila-class .shangrila-class-panel { flex: 1 1 45%; min-width: 280px; gap: 4px; }
.shangrila-class .shangrila-class-panel > * { flex: 0 0 auto; }
.shangrila-class .shangrila-class-qr-large { display: flex; gap: 12px; align-items: center; }
.shangrila-class .shangrila-class-qr-large .shangrila-qr-picture { width: 240px; flex: none; }
.shangrila-class .shangrila-class-qr-small { display: flex; gap: 8px; align-items: center; }
.shangrila-class .shangrila-class-qr-small .shangrila-qr-picture { width: 96px; flex: none; }
.shangrila-class .shangrila-qr-picture svg { width: 100%; height: auto; display: block; }
.shangrila-class .shangrila-class-link { overflow-wrap: anywhere; }
.shangrila-class .shangrila-class-question p { font-weight: 600; font-size: 16px; }
.shangrila-class .shangrila-class-bar-row { margin: 4px 0 8px; }
.shangrila-class .shangrila-class-bar-track {
  background: var(--jp-layout-color2, #eee); height: 14px; border-radius: 3px;
}
.shangrila-class .shangrila-class-bar { background: #D55E00; height: 100%; border-radius: 3px; }
.shangrila-class .shangrila-class-right .shangrila-class-bar,
.shangrila-class .shangrila-class-report-rule .shangrila-class-bar { background: #009E73; }
.shangrila-class .shangrila-class-right .shangrila-class-option-text { font-weight: 600; }
.shangrila-class .shangrila-class-students td { padding: 1px 10px 1px 0; }
.shangrila-class.shangrila-presenting {
  display: flex !important; flex-direction: column; position: fixed !important; top: 0;
  left: 0; width: 100vw !important; height: 100vh; max-width: none !important;
  margin: 0 !important; padding: 2px 8px; box-sizing: border-box; overflow: hidden;
  z-index: 10000; background: var(--jp-layout-color0, #fff); row-gap: 6px;
}
.jp-Notebook .shangrila-class.shangrila-presenting { width: 100% !important; height: 100%; }
.shangrila-class.shangrila-presenting > * { flex: 0 0 auto; min-width: 0; }
.shangrila-class.shangrila-presenting > .shangrila-class-main {
  flex: 1 1 0 !important; min-height: 0; align-items: stretch;
}
.shangrila-class.shangrila-presenting .shangrila-class-board-box {
  flex: 1 1 56% !important; min-height: 0; align-self: stretch;
}
.shangrila-class.shangrila-presenting .shangrila-board.shangrila-presenter {
  position: static !important; width: auto !important; height: auto; padding: 0;
  z-index: auto; flex: 1 1 auto !important; min-height: 0; align-self: stretch;
}
.shangrila-class.shangrila-presenting .shangrila-board canvas.shangrila-canvas {
  width: min(100cqw, calc(100cqh * RATIO)) !important;
}
.shangrila-class.shangrila-presenting .shangrila-board .shangrila-too-small,
.shangrila-class.shangrila-presenting .shangrila-class-title { display: none !important; }
.shangrila-class.shangrila-presenting .shangrila-class-panel {
  overflow-y: auto !important; flex: 1 1 44%; max-height: 100%; font-size: 20px; line-height: 1.35;
}
.shangrila-class.shangrila-presenting .shangrila-class-question p { font-size: 24px; }
.shangrila-class.shangrila-presenting .shangrila-class-code-value { font-size: 44px; }
.shangrila-class.shangrila-presenting .shangrila-class-bar-track { height: 22px; }
.shangrila-class.shangrila-presenting .shangrila-class-qr-large .shangrila-qr-picture {
  width: min(420px, 45vh);
}
.shangrila-class.shangrila-presenting button { font-size: 20px; min-height: 44px; }
.shangrila-class.shangrila-presenting :is(input, select) { font-size: 20px !important; }
.shangrila-class.shangrila-presenting .widget-inline-hbox { height: auto; }
"""


#: Width / height of the board's picture in presenter mode (its footer is taller): in the
#: class's presenter layout the picture takes the board's whole box (no side column there).
_PRESENTER_RATIO = 900 / (board_layout(900, 4).board_height + PRESENTER_LETTERING.footer_height)


def class_stylesheet() -> widgets.HTML:
    style = _STYLE.replace("RATIO", f"{_PRESENTER_RATIO:.6f}")
    sheet = widgets.HTML(f"<style>{style}</style>", layout=widgets.Layout(display="none"))
    sheet.add_class("shangrila-style")
    return sheet
