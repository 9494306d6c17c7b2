"""The ready pages' first picture: the board each notebook shows first, drawn as SVG at build
time and shown the moment the page opens, until the live board has drawn itself.

A cold page needs Python started in the browser (Pyodide, the kernel, the widgets) before the
live board draws; the picture is the same scene (the board's own :class:`~.render.scene.Scene`
made in CPython by running the notebook, :func:`~.render.svg.scene_to_svg`), so the page
shows its board at once and the live board takes its place where it stood. The picture says
in one line that it is a picture; it takes no clicks (``pointer-events: none``: a tap reaches
the page under it), and it goes when the live board has pixels or Python shows an error. The
page's root element says where it is (``data-shangrila-picture``: ``shown``, then
``replaced``), for tests.

A page opened from a link with a ruling (``?ruling=...``) shows no picture: the link's
position is known only to Python in the page. Its verdict comes with the live board. Nor does
the learning path's page (:data:`STORED_FIRST`).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

from shangrila_widget.lite.kernel import LiteBuildError
from shangrila_widget.lite.runner import notebook_outputs
from shangrila_widget.rules.messages import Language, problem, say

STORED_FIRST = ("path.ipynb",)
"""Notebooks whose first board depends on what the browser keeps (the learning path restores a
learner's progress from the page's storage): no picture made at build time can be theirs,
and running them here would read the builder's own progress."""

PICTURES = Path("static") / "first-boards"
"""Where the site keeps the pictures (``<notebook stem>.svg``), from its root."""

STARTING = "ui.lite_starting"
"""The line under the picture."""


@contextmanager
def _no_page_address() -> Iterator[None]:
    """The widgets told of no page address while the build draws (the picture is of the page
    opened without a ruling), what they were told before put back afterwards."""
    from shangrila_widget.page_address import configured, current_page

    with configured(replace(current_page(), url=None, query="")):
        yield


def first_board_svg(name: str) -> str:
    """The SVG of the board the packaged notebook ``name`` shows first, as its widget drew it
    (the notebook run here, in CPython, up to its first widget with a board)."""
    from shangrila_widget.render.svg import scene_to_svg

    namespace: dict[str, Any] = {"__name__": "__main__"}
    with _no_page_address():
        for kind, value in notebook_outputs(name, namespace):
            board: Any = value if hasattr(value, "canvas") else getattr(value, "board", None)
            scene = getattr(getattr(board, "canvas", None), "scene", None)
            if kind == "value" and scene is not None:
                return scene_to_svg(scene, display_width=float(board.board_width))
    raise LiteBuildError(problem("lite_no_board", name=name))


def write_first_boards(out: Path, names: tuple[str, ...]) -> dict[str, str]:
    """Write the picture of each notebook of ``names`` under ``out`` (:data:`PICTURES`);
    returns notebook -> its address from the site's root."""
    folder = out / PICTURES
    folder.mkdir(parents=True, exist_ok=True)
    found: dict[str, str] = {}
    for name in names:
        path = folder / (name.removesuffix(".ipynb") + ".svg")
        path.write_text(first_board_svg(name), encoding="utf-8")
        found[name] = path.relative_to(out).as_posix()
    return found


PICTURE_SCRIPT = """<script>
      // shangrila_widget: the board's picture (made at build time) until the live board
      // has drawn (lite/picture.py); none for a link with a ruling, whose position only
      // Python in the page knows.
      (() => {
        const pictures = %(pictures)s;
        const code = new URLSearchParams(location.search).get("code") || "";
        const name = (code.match(/show_notebook\\("([^"]+)"/) || [])[1];
        if (!pictures[name] || code.includes("ruling=")) return;
        const box = document.createElement("div");
        box.className = "shangrila-first-board";
        box.setAttribute("lang", %(lang)s);
        const picture = new Image();
        picture.src = "../" + pictures[name];
        picture.alt = "";
        const line = document.createElement("p");
        line.textContent = %(starting)s;
        box.append(line, picture);
        const mark = (state) => { document.documentElement.dataset.shangrilaPicture = state; };
        const show = () => { document.body.append(box); mark("shown"); };
        if (document.body) show(); else addEventListener("DOMContentLoaded", show);
        const drawn = () => {
          for (const canvas of document.querySelectorAll(".jp-CodeConsole-content canvas")) {
            if (!canvas.width || !canvas.height) continue;
            const row = canvas.getContext("2d").getImageData(
              0, canvas.height >> 1, canvas.width, 1).data;
            for (let i = 3; i < row.length; i += 4) if (row[i]) return true;
          }
          return !!document.querySelector(
            ".jp-CodeConsole-content [data-mime-type='application/vnd.jupyter.stderr']");
        };
        const timer = setInterval(() => {
          if (drawn()) { clearInterval(timer); box.remove(); mark("replaced"); }
        }, 100);
      })();
    </script>
    <style>
      .shangrila-first-board {
        position: fixed; inset: 0; z-index: 100; overflow: auto; pointer-events: none;
        padding: 8px; background: var(--jp-layout-color0, #fff);
        color: var(--jp-ui-font-color1, #000); font: 16px sans-serif;
      }
      .shangrila-first-board p { margin: 0 0 8px; }
      .shangrila-first-board img { display: block; max-width: 100%%; height: auto; }
    </style>
  </head>"""


def picture_script(pictures: dict[str, str], lang: Language = "en") -> str:
    """The REPL page's script that shows ``pictures`` (notebook -> address from the site's
    root), with the line :data:`STARTING` in ``lang``, ending the page's ``<head>``."""
    return PICTURE_SCRIPT % {
        "pictures": json.dumps(pictures),
        "lang": json.dumps(lang),
        "starting": json.dumps(say(STARTING, lang)),
    }


def add_first_boards(out: Path, names: tuple[str, ...]) -> None:
    """The pictures of ``names`` in the built site ``out`` and the REPL page that shows them
    (:func:`picture_script`)."""
    index = out / "repl" / "index.html"
    text = index.read_text(encoding="utf-8")
    if text.count("</head>") != 1:
        raise LiteBuildError(problem("lite_repl_page", path=str(index)))
    drawn = tuple(name for name in names if name not in STORED_FIRST)
    script = picture_script(write_first_boards(out, drawn))
    index.write_text(text.replace("</head>", script), encoding="utf-8")
