"""One words pipeline, checked on the source: every key in both languages and said by some
code, every key the code names in the words files, no doubled group in a key, one sentence
type (``Message``, with ``Joined``) and one ``say`` (no second function that puts a group
before a key and says it).

``tools/missing_words.py`` reads the same facts for a translator; each test reports every
problem it finds, not only the first.
"""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path
from types import ModuleType

import shangrila_widget
from shangrila_widget.rules.messages import LANGUAGES, words_table

PACKAGE = Path(shangrila_widget.__file__).resolve().parent
TOOL = PACKAGE.parent / "tools" / "missing_words.py"
MODULES = sorted(PACKAGE.rglob("*.py"))
TREES = {path: ast.parse(path.read_text("utf-8")) for path in MODULES}

#: Method names of the old sentence types: ``say(lang)`` (exercises.Text) and
#: ``sentence(lang)``; ``text(lang)`` is the one protocol (:class:`Sayable`).
OTHER_PROTOCOLS = {"say", "sentence"}
#: Methods that say their object in a language: only ``Message`` fills a template itself;
#: the others (an error, the feedback, a ruling's change) hand over to the ``Message`` they
#: keep.
SAYING_METHODS = {"text", "message", "words"}


def tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("missing_words", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_key_is_in_both_languages() -> None:
    tables = {lang: words_table(lang) for lang in LANGUAGES}
    every = set().union(*tables.values())
    lacking = [
        f"{lang} lacks {key}"
        for lang, table in tables.items()
        for key in sorted(every)
        if key not in table and ":" not in key  # a case (type.healer:gen) is Polish only
    ]
    assert lacking == []


def test_every_key_is_said_by_some_code() -> None:
    assert tool().unused(sorted(words_table("en"))) == []


def test_the_usage_check_can_fail() -> None:
    """A key nobody says is found (and a key said through an f-string is not)."""
    found = tool().unused(["ui.never_said_anywhere", "ui.cancelled", "ui.verdict_blunder"])
    assert found == ["ui.never_said_anywhere"]


def test_every_key_the_code_names_is_in_the_words() -> None:
    table = words_table("en")
    said = tool().said_keys()
    assert len(said) > 250
    assert [f"{where}: {key}" for key, where in said if key not in table] == []


def test_no_key_repeats_its_group() -> None:
    doubled = []
    for key in words_table("en"):
        parts = key.split(":")[0].split(".")
        if any(a == b or b.startswith(f"{a}_") for a, b in zip(parts, parts[1:])):
            doubled.append(key)
    assert doubled == []


def _calls_say(function: ast.FunctionDef) -> bool:
    return any(
        isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "say"
        for n in ast.walk(function)
    )


def sentence_types(tree: ast.Module) -> list[str]:
    """The classes of ``tree`` that are a sentence type of their own: a ``say(lang)`` or
    ``sentence(lang)`` method, or a ``text(lang)`` that fills a template itself."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.ClassDef):
            continue
        for item in node.body:
            if not isinstance(item, ast.FunctionDef):
                continue
            if "lang" not in [a.arg for a in item.args.args]:
                continue
            if item.name in OTHER_PROTOCOLS or (
                item.name in SAYING_METHODS and _calls_say(item) and node.name != "Message"
            ):
                found.append(f"{node.name}.{item.name}")
    return found


def test_one_sentence_type() -> None:
    """``Message`` (with ``Joined``) is the one sentence kept to be said later: no other
    class fills a template in ``text(lang)`` or offers ``say(lang)``/``sentence(lang)``
    (the old ``_UiSentence``, ``_Said``, ``exercises.Text``)."""
    found = [
        f"{path.relative_to(PACKAGE.parent)}: {name}"
        for path, tree in TREES.items()
        for name in sentence_types(tree)
    ]
    assert found == []


def test_the_sentence_type_check_can_fail() -> None:
    old = (
        "class Text:\n    def say(self, lang):\n        return ''\n"
        "class _UiSentence:\n    def text(self, lang):\n        return say(self.key, lang)\n"
    )
    assert sentence_types(ast.parse(old)) == ["Text.say", "_UiSentence.text"]


def _wrapped_key(function: ast.FunctionDef) -> bool:
    """Whether ``function`` is a second ``say``: it says the ``key`` it is given with a group
    put before it, ``say(f"ui.{key}", ...)``. (Building a :class:`Message` to say later, as
    ``problem(key)`` does for ``error.`` keys, is not saying.)"""
    names = {a.arg for a in function.args.args + function.args.posonlyargs} & {"key"}
    for node in ast.walk(function):
        if not (isinstance(node, ast.Call) and node.args):
            continue
        callee = node.func.id if isinstance(node.func, ast.Name) else ""
        first = node.args[0]
        if callee == "say" and isinstance(first, ast.JoinedStr):
            head, *rest = first.values
            if (
                isinstance(head, ast.Constant)
                and str(head.value).endswith(".")
                and rest
                and isinstance(rest[0], ast.FormattedValue)
                and isinstance(rest[0].value, ast.Name)
                and rest[0].value.id in names
            ):
                return True
    return False


def test_one_say() -> None:
    """No function is a second ``say`` that puts a group before the key it is given (the
    old ``ui_text``, ``exercises.words.words``, ``ruling.say``, ``scene_text``, ``render``)."""
    found = []
    for path, tree in TREES.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and _wrapped_key(node):
                found.append(f"{path.relative_to(PACKAGE.parent)}: {node.name}")
    assert found == []


def test_the_wrapper_check_can_fail() -> None:
    tree = ast.parse('def ui_text(key, lang):\n    return say(f"ui.{key}", lang)\n')
    function = tree.body[0]
    assert isinstance(function, ast.FunctionDef) and _wrapped_key(function)
