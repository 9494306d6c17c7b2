"""The widgets' own sentences: the ``ui.`` keys of the package's words.

The words themselves live in ``shangrila_widget/data/words/<lang>.json`` with every other
sentence of the package (:mod:`shangrila_widget.rules.messages`); :func:`ui_text` says one.

>>> ui_text("welcome", "pl", player="Czerwony")
'Kliknij pole, aby zagrać. Na ruchu: Czerwony.'

:data:`UI_TEXT` is a waiting room: a sentence added here (``"key": {"en": ..., "pl": ...}``)
is said by :func:`ui_text` at once, and :func:`absorb` moves every entry into the words files
(as ``ui.<key>``) and empties the table again::

    python -c "from shangrila_widget.widget.texts import absorb; print(absorb())"

The words test fails while the table is not empty.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import Final

from shangrila_widget.rules.messages import LANGUAGES, Language, check_language, say

UI_TEXT: Final[dict[str, dict[Language, str]]] = {
    # ---- new widget sentences go here, then run texts.absorb()
}


def ui_text(key: str, lang: Language, **params: object) -> str:
    """The widget sentence ``key`` in ``lang``, filled with ``params``."""
    if key in UI_TEXT:
        return UI_TEXT[key][check_language(lang)].format(**params)
    return say(f"ui.{key}", lang, **params)


_EMPTY_TABLE: Final = (
    "UI_TEXT: Final[dict[str, dict[Language, str]]] = {\n"
    "    # ---- new widget sentences go here, then run texts.absorb()\n"
    "}\n"
)


def absorb(source: Path = Path(__file__), words: Path | None = None) -> list[str]:
    """Move the entries of :data:`UI_TEXT` in ``source`` into the words files (``ui.<key>``,
    appended in order) and empty the table there; returns the keys moved. A key the words
    already hold, or an entry without both languages, is refused before anything is written."""
    words = words or Path(__file__).parent.parent / "data" / "words"
    text = source.read_text("utf-8")
    node = next(
        n
        for n in ast.parse(text).body
        if isinstance(n, ast.AnnAssign) and getattr(n.target, "id", "") == "UI_TEXT"
    )
    assert node.value is not None
    entries: dict[str, dict[str, str]] = ast.literal_eval(node.value)
    tables = {lang: json.loads((words / f"{lang}.json").read_text("utf-8")) for lang in LANGUAGES}
    for key, texts in entries.items():
        if set(texts) != set(tables) or not all(texts.values()):
            raise ValueError(f"UI_TEXT[{key!r}] needs a text in each of {sorted(tables)}")
        if f"ui.{key}" in tables["en"]:
            raise ValueError(f"UI_TEXT[{key!r}]: the words already have ui.{key}")
    for lang, table in tables.items():
        table.update({f"ui.{key}": texts[lang] for key, texts in entries.items()})
        dumped = json.dumps(table, ensure_ascii=False, indent=1)
        (words / f"{lang}.json").write_text(dumped + "\n", "utf-8")
    lines = text.splitlines(keepends=True)
    assert node.end_lineno is not None
    rest = "".join(lines[node.lineno - 1 : node.end_lineno])
    source.write_text(text.replace(rest, _EMPTY_TABLE, 1), "utf-8")
    return list(entries)
