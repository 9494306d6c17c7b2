"""Every word the phone shows comes from the words files (EN and PL), and the package's
class server stays pure Python and Tornado."""

from __future__ import annotations

import ast
import json
import re
import urllib.request
from pathlib import Path

from shangrila_widget.class_session import protocol
from shangrila_widget.class_session.launch import start_server
from shangrila_widget.rules.messages import LANGUAGES, words_table

FOLDER = Path(protocol.__file__).parent
SCRIPT = (FOLDER / "class.js").read_text("utf-8")
PAGE = (FOLDER / "page.html").read_text("utf-8")


def test_every_phone_word_and_error_is_in_both_languages() -> None:
    keys = [
        *protocol.PHONE_WORDS,
        *(f"class.error_{code}" for code in protocol.PHONE_ERRORS),
        *(f"class.error_{code}" for code in protocol.TEACHER_ERRORS),
    ]
    for lang in LANGUAGES:
        table = words_table(lang)
        assert [k for k in keys if k not in table] == [], lang
    english, polish = words_table("en"), words_table("pl")
    same = [k for k in keys if k.startswith("class.") and english[k] == polish[k]]
    assert same == ["class.space"]  # "{village}: {type}" in both


def test_the_script_says_only_words_the_page_carries() -> None:
    said = set(re.findall(r"""say\(\s*["']([a-z_]+\.[a-z_]+)["']""", SCRIPT))
    said |= set(re.findall(r"""\[\s*"[a-z-]+",\s*"([a-z_]+\.[a-z_]+)"\s*\]""", SCRIPT))
    assert len(said) > 15
    assert sorted(said - set(protocol.PHONE_WORDS)) == []
    # no sentence written into the script: every text it sets is said or comes from a message
    assert re.findall(r"textContent\s*=\s*\"[^\"]+\"", SCRIPT) == []


def test_the_page_holds_no_words_of_its_own() -> None:
    body = PAGE.split("<body>")[1]
    texts = [t.strip() for t in re.findall(r">([^<]+)<", body) if t.strip()]
    assert texts == []


def test_the_page_speaks_the_session_s_language(tmp_path: Path) -> None:
    with start_server(db=tmp_path / "class.sqlite3", lang="pl") as running:
        with urllib.request.urlopen(running.students_url, timeout=30) as response:
            page = response.read().decode("utf-8")
    assert '<html lang="pl">' in page
    data = json.loads(page.split('id="class-data">')[1].split("</script>")[0])
    assert data["words"] == {k: words_table("pl")[k] for k in protocol.PHONE_WORDS}
    assert f"<title>{words_table('pl')['class.title']}</title>" in page


def test_the_class_server_imports_no_widget_library() -> None:
    for path in sorted(FOLDER.glob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        imported = {
            alias.name.split(".")[0]
            for node in ast.walk(tree)
            if isinstance(node, ast.Import)
            for alias in node.names
        } | {
            str(node.module).split(".")[0]
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.level == 0
        }
        assert not imported & {"ipywidgets", "ipycanvas", "anywidget", "traitlets"}, path.name
        assert "shangrila_widget.widget" not in path.read_text("utf-8"), path.name
