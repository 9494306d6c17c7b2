"""The teacher's class view in HTML: the lesson's report as a chart, and the view's style
sheet (presenter mode included)."""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets

from shangrila_widget.class_session.report import misreading_name
from shangrila_widget.render.layout import board_layout
from shangrila_widget.render.styles import PRESENTER_LETTERING
from shangrila_widget.rules.messages import Language, rule_title, say

__all__ = ["class_stylesheet", "report_chart_html"]


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
