"""Front-end messages the way a browser sends them, for the headless widget tests.

The page shows one ``<canvas>``, the MultiCanvas's view; ipycanvas hands its events to the top
layer's handler, registered on the *MultiCanvas* comm. Every helper here delivers there, and
clicks are sent at the real pixel point of what they click (as a browser's ``mouse_down``).
"""

from __future__ import annotations

import html
import re
import string
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

import ipywidgets as widgets

from shangrila_widget.rules.messages import COLOUR_NAMES, rules_reference, words_table
from shangrila_widget.tour import load_chapters
from shangrila_widget.widget import ShangriLaBoard


def frontend_message(widget: widgets.Widget, content: Any) -> None:
    """Deliver a front-end custom message (``content``: ``{"event": "click"}`` for a button,
    ``{"event": "mouse_down", "x": .., "y": ..}`` for a canvas) to ``widget``, as its comm
    receives it from the page; the one place the tests build that message."""
    widget._handle_msg(
        {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}
    )


def from_browser(board: ShangriLaBoard, content: Any) -> None:
    """Deliver a front-end custom message on the MultiCanvas comm (the browser's route)."""
    frontend_message(board.canvas.widget, content)


def commit(text_box: widgets.Text, value: str) -> None:
    """A text committed in a text box (typed, then Enter), as the page sends it: the new
    value in a state update."""
    text_box.set_state({"value": value})


def press_button(button: widgets.Button) -> None:
    """A click on ``button`` as the page sends it."""
    frontend_message(button, {"event": "click"})


def press(board: ShangriLaBoard, key: str) -> None:
    """A key pressed while the board has focus, as the browser reports it."""
    from_browser(
        board,
        {"event": "key_down", "key": key, "shift_key": False, "ctrl_key": False, "meta_key": False},
    )


def click_at(board: ShangriLaBoard, x: float, y: float) -> None:
    """A mouse press at scene point (x, y) (scaled to the canvas's backing pixels)."""
    ratio = board.canvas.pixel_ratio
    from_browser(board, {"event": "mouse_down", "x": x * ratio, "y": y * ratio})


def click_space(board: ShangriLaBoard, village: str, master_type: str) -> None:
    """A mouse press on the centre of a space."""
    assert board.canvas.scene is not None
    space = board.canvas.scene.layout.space(village, master_type)
    click_at(board, space.cx, space.cy)


def click_bridge(board: ShangriLaBoard, a: str, b: str) -> None:
    """A mouse press on the middle of the bridge a-b's plank."""
    assert board.canvas.scene is not None
    plank = board.canvas.scene.layout.bridge(a, b)
    click_at(board, (plank.start[0] + plank.end[0]) / 2, (plank.start[1] + plank.end[1]) / 2)


def _body(template: str) -> str:
    """The regex of a template: its text, anything short for a placeholder, and each of a
    plural's forms (``{n:# space|# spaces}``)."""
    body = ""
    for literal, name, spec, _ in string.Formatter().parse(template):
        body += re.escape(literal)
        if name is None:
            continue
        if spec and "|" in spec:
            forms = [_body(form).replace(re.escape("#"), ".{0,80}?") for form in spec.split("|")]
            body += "(?:" + "|".join(forms) + ")"
        else:
            body += ".{0,80}?"
    return body


def _literals(template: str) -> list[str]:
    """The words of a template outside its placeholders, plural forms included."""
    out = []
    for literal, name, spec, _ in string.Formatter().parse(template):
        out.append(literal)
        if name is not None and spec and "|" in spec:
            out += [word for form in spec.split("|") for word in _literals(form)]
    return out


def _pattern(template: str) -> re.Pattern[str]:
    """A template like ``"Step {k} of {n}"`` as a case-sensitive whole-word regex."""
    body = _body(template)
    start = r"(?<!\w)" if template[:1].isalnum() else ""
    end = r"(?!\w)" if template[-1:].isalnum() else ""
    return re.compile(start + body + end, re.DOTALL)


@lru_cache(maxsize=2)
def interface_strings(lang: str) -> list[tuple[str, re.Pattern[str]]]:
    """Every sentence the widgets show in ``lang`` that differs in the other language: the
    widgets' own sentences, chapter titles and intros, rule titles and texts, colour names;
    each with the regex that finds it in shown text (placeholders match anything short).
    The sentences are every one of the package's words (``data/words``) but the letters."""
    other = "pl" if lang == "en" else "en"
    mine, theirs = words_table(lang), words_table(other)
    texts = {
        text
        for key, text in mine.items()
        if not key.startswith("letter.") and text != theirs.get(key, theirs.get(key.split(":")[0]))
    }
    for chapter in load_chapters():
        texts |= {chapter.title[lang], chapter.intro[lang]}
    for entry in rules_reference():
        texts |= {entry["title"][lang], entry["text"][lang]}
    texts |= set(COLOUR_NAMES[lang].values())
    worded = [t for t in sorted(texts) if re.search(r"[^\W\d_]", "".join(_literals(t)))]
    return [(t, _pattern(t)) for t in worded]


def _required(template: str) -> str:
    """The longest piece of ``template`` that every text its pattern matches holds as it is:
    a literal outside the placeholders (a plural's forms are alternatives, so not theirs)."""
    return max((literal for literal, *_ in string.Formatter().parse(template)), key=len)


@lru_cache(maxsize=2)
def _searches(lang: str) -> list[tuple[str, str, re.Pattern[str]]]:
    return [(t, _required(t), pattern) for t, pattern in interface_strings(lang)]


def foreign_sentences(shown: list[str], lang: str) -> list[str]:
    """The sentences of the language other than ``lang`` found in the ``shown`` texts.

    A pattern is only tried on a text that holds its required literal (:func:`_required`):
    the same answer as trying it on every text, without the regex search that costs."""
    other = "pl" if lang == "en" else "en"
    found = []
    for sentence, required, pattern in _searches(other):
        for text in shown:
            if required in text and pattern.search(text):
                found.append(f"{sentence!r} in {text[:120]!r}")
                break
    return found


_STYLE_BLOCK = re.compile(r"<style\b.*?</style>", re.DOTALL | re.IGNORECASE)


def _texts_of(widget: Any) -> Iterator[str]:
    """Every word a widget shows: its description, value, labels, tooltips and titles."""
    for name in ("description", "tooltip", "placeholder"):
        value = getattr(widget, name, None)
        if isinstance(value, str):
            yield value
    if isinstance(widget, (widgets.HTML, widgets.Label, widgets.HTMLMath)):
        # a <style> block is no word shown: its CSS ("white-space: normal") is not the English
        # "normal" of the speed menu
        yield html.unescape(_STYLE_BLOCK.sub("", widget.value))
    for name in ("_options_labels", "tooltips", "titles"):
        value = getattr(widget, name, None)
        if isinstance(value, (list, tuple)):
            yield from (v for v in value if isinstance(v, str))
    if isinstance(widget, ShangriLaBoard):
        yield widget.caption or ""
        yield widget.message


def walk(root: Any) -> Iterator[Any]:
    yield root
    for child in getattr(root, "children", ()):
        yield from walk(child)


def foreign_words(root: Any, lang: str) -> list[str]:
    """The interface sentences of the *other* language found anywhere in ``root``."""
    return foreign_sentences([text for widget in walk(root) for text in _texts_of(widget)], lang)
