"""The machine's problems that ``shangrila lite`` and ``shangrila tour`` report (a build step, a
browser that cannot start programs, a notebook missing from the install) are words of the
package: English and Polish, the same facts in both, one error line in the ``--lang`` asked.
"""

from __future__ import annotations

import ast
import importlib.util
import pickle
import sys
from pathlib import Path
from typing import Any

import pytest

import shangrila_widget
from shangrila_widget import serve
from shangrila_widget.__main__ import main
from shangrila_widget.lite import kernel as lite_kernel
from shangrila_widget.lite import lock as lite_lock
from shangrila_widget.lite import site as lite_site
from shangrila_widget.lite.kernel import LiteBuildError
from shangrila_widget.rules.messages import Message, problem, words_table
from shangrila_widget.runtime import NotInBrowserError, require_cpython

PACKAGE = Path(shangrila_widget.__file__).resolve().parent


def said_in_both(error: Any, *facts: str) -> str:
    """The error's Polish text, checked: not the English one, which ``str(error)`` is, and
    each of ``facts`` (the parameters it was given) filled in both."""
    assert isinstance(error.words, Message)
    english, polish = error.text("en"), error.text("pl")
    assert str(error) == english and polish != english
    for fact in facts:
        assert fact in english and fact in polish, (fact, english, polish)
    return polish


def error_line(err: str, command: str) -> str:
    """The one error line of ``command`` on standard error, without its prefix."""
    assert "\n" not in err.strip() and "Traceback" not in err, err
    said = err.strip().partition(f" {command}: error: ")[2]
    assert said, err
    return said


# ------------------------------------------------------------------------ lite


def test_a_folder_that_is_no_pyodide_is_said_in_both(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere"
    with pytest.raises(LiteBuildError) as raised:
        lite_kernel.check_pyodide_dir(missing, "0.29.0")
    assert said_in_both(raised.value, str(missing)).endswith("nie ma takiego folderu")

    with pytest.raises(LiteBuildError) as raised:
        lite_kernel.check_pyodide_dir(tmp_path, "0.29.0")
    polish = said_in_both(raised.value, str(tmp_path), "pyodide.mjs", "pyodide-0.29.0.tar.bz2")
    assert "nie jest dystrybucją Pyodide" in polish


def test_a_wrapped_error_keeps_its_own_text(tmp_path: Path) -> None:
    bad = tmp_path / "pyodide-lock.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(LiteBuildError) as raised:
        lite_lock.read_lock(bad, tmp_path)
    cause = raised.value.__cause__
    assert cause is not None
    polish = said_in_both(raised.value, str(bad), str(cause))
    assert polish.startswith("nie można odczytać listy pakietów Pyodide")


def test_an_out_folder_that_is_a_file_and_a_missing_package_are_said_in_both(
    tmp_path: Path,
) -> None:
    file = tmp_path / "site"
    file.write_text("", encoding="utf-8")
    with pytest.raises(LiteBuildError) as raised:
        lite_site._prepare_out_dir(file)
    said_in_both(raised.value, str(file))
    with pytest.raises(LiteBuildError) as raised:
        lite_lock.needed_packages({"packages": {}}, ["pillow"])
    assert said_in_both(raised.value, "'pillow'") == "na liście pakietów Pyodide nie ma 'pillow'"


def test_a_machine_error_keeps_its_words_through_pickle() -> None:
    for error in (
        LiteBuildError(problem("lite_not_installed", name="anywidget")),
        serve.NotebookMissingError("tour.ipynb"),
    ):
        copy = pickle.loads(pickle.dumps(error))
        assert type(copy) is type(error) and copy.words == error.words
        assert copy.text("pl") == error.text("pl") and str(copy) == str(error)


def test_every_lite_sentence_is_translated() -> None:
    en, pl = words_table("en"), words_table("pl")
    keys = [key for key in en if key.startswith("error.lite_")]
    assert len(keys) >= 20
    assert [key for key in keys if en[key] == pl[key]] == []


def test_the_lite_command_says_a_build_problem_on_one_line_in_polish(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(lite_site, "pyodide_version", lambda: "0.29.0")  # no JupyterLite needed
    missing = tmp_path / "nowhere"
    for lang in ("en", "pl"):
        status = main(["lite", str(tmp_path / "site"), "--pyodide", str(missing), "--lang", lang])
        assert status == 2
        said = error_line(capsys.readouterr().err, "lite")
        assert said == problem("lite_no_pyodide_folder", path=str(missing.resolve())).text(lang)
    assert said.endswith(": nie ma takiego folderu")
    assert not (tmp_path / "site").exists()

    assert main(["lite", "site", "--pyodide", "x", "--pyodide-lock", "y", "--lang", "pl"]) == 2
    assert error_line(capsys.readouterr().err, "lite").startswith("podaj --pyodide FOLDER albo")


def test_a_failed_build_step_is_one_polish_line_with_the_tools_own_words(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    tail = "[LiteBuildApp] building\nOSError: disk full"  # the tool's words, as they are

    def build_site(*args: object, **kwargs: object) -> None:
        raise LiteBuildError(problem("lite_build_failed", tail=tail))

    monkeypatch.setattr(lite_site, "build_site", build_site)
    assert main(["lite", "site", "--lang", "pl"]) == 2
    said = error_line(capsys.readouterr().err, "lite")
    assert said == "polecenie jupyter lite build nie powiodło się: " + tail.replace("\n", " ")


# ------------------------------------------------------------------------ tour


@pytest.fixture
def pyodide(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pretend to run under Pyodide (JupyterLite)."""
    monkeypatch.setattr(sys, "platform", "emscripten")


def test_the_browser_problem_is_said_in_both(pyodide: None, tmp_path: Path) -> None:
    with pytest.raises(NotInBrowserError) as raised:
        serve.run_until_stopped([sys.executable, "-c", "pass"], tmp_path)
    polish = said_in_both(raised.value, "JupyterLite", "pip install 'shangrila_widget[tour]'")
    assert polish.startswith("Uruchomienie Voilà nie jest tu możliwe: ")
    with pytest.raises(NotInBrowserError) as raised:
        require_cpython("compiling")  # a plain text: the same in both
    assert raised.value.text("pl").startswith("compiling nie jest tu możliwe")


def test_the_tour_and_lite_commands_in_a_browser_say_why_in_polish(
    pyodide: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["tour", "--no-browser", "--lang", "pl"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("Uruchomienie przewodnika w Voilà nie jest tu możliwe: ")
    assert err.count("\n") == 1 and "Traceback" not in err
    assert main(["lite", str(tmp_path / "site"), "--lang", "pl"]) == 2
    said = error_line(capsys.readouterr().err, "lite")
    assert said.startswith("zbudowanie witryny JupyterLite nie jest tu możliwe: ")


def test_the_tour_with_no_voila_says_so_in_polish(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    find_spec = importlib.util.find_spec

    def no_voila(name: str, *args: Any) -> Any:
        return None if name == "voila" else find_spec(name, *args)

    monkeypatch.setattr(serve.importlib.util, "find_spec", no_voila)
    assert main(["tour", "--no-browser", "--lang", "pl"]) == 2
    err = capsys.readouterr().err
    assert err == problem("tour_no_voila").text("pl") + "\n"
    assert err.startswith("Notatniki działają w Voilà, którego nie zainstalowano")


def test_a_notebook_missing_from_the_install_is_one_polish_line_of_the_tour(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(serve.resources, "files", lambda package: tmp_path)
    monkeypatch.setattr(serve, "__file__", str(tmp_path / "pkg" / "serve.py"))
    monkeypatch.setattr(serve, "_cannot_run_voila", lambda what, lang="en": False)
    monkeypatch.setattr(serve, "choose_port", lambda wanted: wanted)  # no socket

    with pytest.raises(FileNotFoundError) as raised:  # still a FileNotFoundError
        serve.notebook_source("tour.ipynb")
    said_in_both(raised.value, "tour.ipynb", "examples/")

    assert main(["tour", "--no-browser", "--lang", "pl"]) == 2
    said = error_line(capsys.readouterr().err, "tour")
    assert said == raised.value.text("pl")  # type: ignore[attr-defined]
    assert said.startswith("notatnika tour.ipynb nie ma ani w pakiecie")
    assert main(["tour", "--no-browser"]) == 2
    assert error_line(capsys.readouterr().err, "tour") == str(raised.value)


# ------------------------------------------------------------------------ the source


def worded_in_english(source: str, names: tuple[str, ...]) -> list[int]:
    """The lines of ``source`` that raise one of ``names`` with an f-string or a plain text
    instead of a message of the words (or call ``require_cpython`` with a plain text)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        call = node.exc if isinstance(node, ast.Raise) else node
        if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Name):
            continue
        if isinstance(node, ast.Raise) and call.func.id not in names:
            continue
        if not isinstance(node, ast.Raise) and call.func.id != "require_cpython":
            continue
        texts = [a for a in call.args if isinstance(a, ast.JoinedStr)]
        texts += [a for a in call.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
        if texts:
            found.append(node.lineno)
    return found


MACHINE_ERRORS = ("LiteBuildError", "NotInBrowserError", "NotebookMissingError")


def test_the_english_wording_finder_can_fail() -> None:
    snippet = (
        "raise LiteBuildError(f'{path} is not a folder')\n"
        "raise LiteBuildError('give --pyodide DIR or --pyodide-lock')\n"
        "raise LiteBuildError(problem('lite_out_not_folder', path=str(path)))\n"
        "raise ValueError(f'{x}')\n"
        "require_cpython('Running Voila')\n"
        "require_cpython(problem('tour_what_voila'))\n"
        "raise NotInBrowserError(browser_message(what))\n"
    )
    assert worded_in_english(snippet, MACHINE_ERRORS) == [1, 2, 5]


def test_no_machine_error_is_worded_in_english_in_the_source() -> None:
    paths = [*sorted((PACKAGE / "lite").glob("*.py")), PACKAGE / "serve.py"]
    paths += [PACKAGE / "runtime.py", PACKAGE / "__main__.py", PACKAGE / "cli_class.py"]
    paths += [PACKAGE / "render" / "svg.py"]
    found = [
        f"{path.relative_to(PACKAGE)}:{line}"
        for path in paths
        for line in worded_in_english(path.read_text("utf-8"), MACHINE_ERRORS)
    ]
    assert found == []
    raises = sum(
        isinstance(node, ast.Raise)
        and isinstance(node.exc, ast.Call)
        and getattr(node.exc.func, "id", "") == "LiteBuildError"
        for path in sorted((PACKAGE / "lite").glob("*.py"))
        for node in ast.walk(ast.parse(path.read_text("utf-8")))
    )
    assert raises >= 25  # every build problem of the site, each a message of the words


def test_the_lite_and_tour_commands_report_their_machine_errors() -> None:
    from shangrila_widget.__main__ import build_parser

    parser = build_parser()
    for command, extra in (("lite", ["site"]), ("tour", []), ("serve", ["tour.ipynb"])):
        args = parser.parse_args([command, *extra, "--lang", "pl"])
        assert args.lang == "pl"
        assert NotInBrowserError in args.errors
        if command == "lite":
            assert LiteBuildError in args.errors
        else:
            assert serve.NotebookMissingError in args.errors
