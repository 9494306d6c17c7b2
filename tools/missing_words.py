"""List the words keys one language lacks, the keys no code says, and the keys the code
says that the words files lack (a help for translators; the words tests check the same).

    python tools/missing_words.py
"""

from __future__ import annotations

import ast
import json
import re
import sys
from collections.abc import Iterable
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "shangrila_widget"
WORDS = PACKAGE / "data" / "words"
#: The key groups of the words files (the prefix before the first dot).
GROUPS = ("action", "colour", "error", "exercise", "hint", "legend", "letter", "review")
GROUPS += ("rules", "ruling", "scene", "type", "ui", "word")


def tables() -> dict[str, dict[str, str]]:
    """Every language's table of the words files, by language."""
    return {p.stem: json.loads(p.read_text("utf-8")) for p in sorted(WORDS.glob("*.json"))}


def _sources() -> Iterable[Path]:
    yield from sorted(PACKAGE.rglob("*.py"))


def _data_texts() -> Iterable[str]:
    """The strings of the package's data files other than the words (tour chapters, the
    board), which may name a key or a piece of one."""
    for path in sorted((PACKAGE / "data").rglob("*.json")):
        if path.parent == WORDS:
            continue
        stack: list[object] = [json.loads(path.read_text("utf-8"))]
        while stack:
            item = stack.pop()
            if isinstance(item, str):
                yield item
            elif isinstance(item, dict):
                stack += list(item.keys()) + list(item.values())
            elif isinstance(item, list):
                stack += item


def said_in_code() -> tuple[set[str], list[re.Pattern[str]]]:
    """The package's string constants, and a pattern for each f-string that starts with a
    key group (``f"ui.verdict_{x}"`` -> ``ui\\.verdict_(.+)``)."""
    literals: set[str] = set(_data_texts())
    patterns: list[re.Pattern[str]] = []
    for path in _sources():
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                literals.add(node.value)
            elif isinstance(node, ast.JoinedStr):
                parts = [
                    re.escape(v.value) if isinstance(v, ast.Constant) else "(.+)"
                    for v in node.values
                ]
                if any(isinstance(v, ast.Constant) for v in node.values):
                    patterns.append(re.compile("".join(parts)))
    return literals, patterns


def unused(keys: Iterable[str]) -> list[str]:
    """The keys no code says: a key is said when it is a string of the code, or fits an
    f-string of the code whose every field is itself said (each piece a string of the code,
    or fitting another f-string in turn)."""
    literals, patterns = said_in_code()
    words = {w for s in literals for w in re.split(r"[^A-Za-z0-9_-]+", s) if w}

    def said(text: str, depth: int = 0) -> bool:
        if text in literals or (depth and text in words):
            return True
        if depth > 3:
            return False
        for pattern in patterns:
            match = pattern.fullmatch(text)
            if match and match.groups() and all(said(g, depth + 1) for g in match.groups()):
                return True
        return False

    return [k for k in keys if not said(k.split(":")[0])]


#: Calls that say a key given as their first (or, for ``Feedback.sentence``, second)
#: argument, with the group they put before it.
_SAYING: dict[str, tuple[int, str]] = {
    "say": (0, ""),
    "Message": (0, ""),
    "problem": (0, "error."),
    "sentence": (1, "ui."),
}


def said_keys() -> list[tuple[str, str]]:
    """Every key the code says by name (``say("ui.cancelled", ...)``, ``problem("x")``,
    ``Feedback.sentence(kind, "x")``), with where: ``(key, "path:line")``."""
    found: list[tuple[str, str]] = []
    for path in _sources():
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if name not in _SAYING:
                continue
            index, group = _SAYING[name]
            if len(node.args) <= index:
                continue
            arg = node.args[index]
            values = [arg.body, arg.orelse] if isinstance(arg, ast.IfExp) else [arg]
            for value in values:
                if isinstance(value, ast.Constant) and isinstance(value.value, str):
                    where = f"{path.relative_to(PACKAGE.parent)}:{node.lineno}"
                    found.append((group + value.value, where))
    return found


def main() -> int:
    """Print what is missing; exit status 1 if anything is."""
    by_lang = tables()
    every = set().union(*by_lang.values())
    problems = 0
    for lang, table in by_lang.items():
        lacking = sorted(k for k in every if k not in table and ":" not in k)
        for key in lacking:
            print(f"{lang}: missing {key}")
        problems += len(lacking)
    for key, where in said_keys():
        if key not in by_lang["en"]:
            print(f"{where}: says {key}, which the words lack")
            problems += 1
    for key in unused(sorted(by_lang["en"])):
        print(f"not said by any code: {key}")
        problems += 1
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
