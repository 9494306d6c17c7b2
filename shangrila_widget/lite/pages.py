"""The pages of the site: a ready page per notebook (JupyterLite's REPL told by its address to
show the notebook as Voila does), the root that opens the tour or a link's ruling, and what the
site changes in JupyterLite's REPL page."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import quote

from shangrila_widget.lite.kernel import LiteBuildError
from shangrila_widget.rules.messages import problem
from shangrila_widget.serve import NOTEBOOKS

__all__ = ["NOTEBOOKS", "ready_page", "ready_script", "ready_url"]


def ready_url(name: str) -> str:
    """The address (relative to the site's root) of the ready page of notebook ``name``: the
    REPL app running :func:`show_notebook` on load, its code input and toolbar hidden."""
    code = f'from shangrila_widget.lite.runner import show_notebook; show_notebook("{name}")'
    return f"{READY_OPTIONS}&code={quote(code)}"


# No toolbar parameter: the REPL then removes its toolbar. The prompt on top keeps the
# page scrolled to its beginning (the site hides the prompt: see _ready_repl).
READY_OPTIONS = "repl/index.html?kernel=python&showBanner=0&hideCodeInput=1&promptCellPosition=top"


def ready_script(name: str) -> str:
    """The script of the ready page of ``name``: to the REPL (:func:`ready_url`), with the
    page's own address handed to :func:`show_notebook` (Python runs in a Web Worker, which
    cannot see the page's address), so that a link's ruling reaches the checker. The address
    goes in as a JSON string, which Python reads as the same string literal."""
    start = f'from shangrila_widget.lite.runner import show_notebook; show_notebook("{name}", page='
    return (
        f'const code = {json.dumps(start)} + JSON.stringify(window.location.href) + ")";\n'
        f"window.location.replace({json.dumps(READY_OPTIONS + '&code=')}"
        " + encodeURIComponent(code));"
    )


def ready_page(name: str) -> str:
    """The file name of the small page that sends the browser to :func:`ready_url`."""
    return name.removesuffix(".ipynb") + ".html"


START_URL = ready_url("tour.ipynb")
"""Where the site's root sends the browser: the tour, ready."""


ROOT_SCRIPT = """<script type="module">
      await import('./config-utils.js');
    </script>"""


def open_tour_first(index: Path) -> None:
    """Make the site's root open the tour (JupyterLite's root sends the browser to its
    ``appUrl``, which cannot carry a notebook). The page keeps its ``jupyter-config-data``,
    which every app page of the site reads."""
    text = index.read_text(encoding="utf-8")
    if ROOT_SCRIPT not in text:
        raise LiteBuildError(problem("lite_root_page", path=str(index)))
    links = " ".join(f'<a href="{ready_page(name)}">{name}</a>' for name in NOTEBOOKS)
    # A link to the site's root with a ruling (?ruling=... or #ruling=...) opens the checker.
    checker = ready_page("dispute-checker.ipynb")
    redirect = (
        "<script>const here = window.location;\n"
        '      if ((here.search + here.hash).includes("ruling=")) {\n'
        f'        here.replace("{checker}" + here.search + here.hash);\n'
        f'      }} else {{ here.replace("{START_URL}"); }}</script>\n'
        f"    <noscript>JupyterLite needs JavaScript. {links}</noscript>"
    )
    index.write_text(text.replace(ROOT_SCRIPT, redirect), encoding="utf-8")


REPL_STYLE = """<style>
      /* shangrila_widget: the REPL shows the ready pages only; no empty input to type in */
      .jp-CodeConsole-input, .jp-CodeConsole .lm-SplitPanel-handle { display: none; }
      .jp-CodeConsole-content { flex: 1 1 auto; height: 100% !important; top: 0 !important; }
      /* no prompts to number on a ready page: the outputs get the window's whole width */
      .jp-CodeConsole-content .jp-OutputArea-prompt,
      .jp-CodeConsole-content .jp-OutputArea-promptOverlay,
      .jp-CodeConsole-content .jp-InputArea-prompt { display: none; }
      .jp-CodeConsole-content .jp-Cell { padding-left: 4px; padding-right: 4px; }
    </style>
    <script>
      // shangrila_widget: Enter in a text field of an output (the board's action box) is the
      // field's: the console would take it to focus its hidden prompt (preventing the key),
      // so the field would commit its value only once it lost focus.
      addEventListener("keydown", (event) => {
        const field = event.target;
        if (event.key === "Enter" && field instanceof Element && field.matches("input, textarea")
            && field.closest(".jp-CodeConsole-content")) {
          event.stopPropagation();
        }
      }, { capture: true });
      // shangrila_widget: the REPL scrolls to its end as outputs arrive; show the page from
      // its beginning instead, until the reader scrolls, clicks, taps or types.
      (() => {
        let reader = false;
        for (const name of ["wheel", "mousedown", "touchstart", "keydown"]) {
          addEventListener(name, () => { reader = true; }, { capture: true, once: true });
        }
        const started = Date.now();
        const timer = setInterval(() => {
          if (reader || Date.now() - started > 180000) { clearInterval(timer); return; }
          for (const node of document.querySelectorAll(".jp-CodeConsole-content")) {
            node.scrollTop = 0;
          }
        }, 100);
      })();
    </script>
  </head>"""


def ready_repl(out: Path) -> None:
    """Hide the REPL's empty input: the site's REPL only shows the ready pages."""
    index = out / "repl" / "index.html"
    text = index.read_text(encoding="utf-8")
    if text.count("</head>") != 1:
        raise LiteBuildError(problem("lite_repl_page", path=str(index)))
    index.write_text(text.replace("</head>", REPL_STYLE), encoding="utf-8")


def write_ready_pages(out: Path) -> None:
    """A small page per notebook that sends the browser to its ready page (REPL)."""
    for name in NOTEBOOKS:
        target = ready_url(name)
        (out / ready_page(name)).write_text(
            '<!doctype html>\n<html><head><meta charset="utf-8">'
            f"<title>{name}</title>"
            f"<script>{ready_script(name)}</script></head>\n"
            f'<body><a href="{target.replace("&", "&amp;")}">{name}</a></body></html>\n',
            encoding="utf-8",
        )
