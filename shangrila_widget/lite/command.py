"""The command ``python -m shangrila_widget lite OUT_DIR``: its options, and the one place of
the site's build that reads the environment (where downloads are cached)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

from shangrila_widget.cli import add_lang_argument
from shangrila_widget.lite.kernel import LiteBuildError
from shangrila_widget.runtime import NotInBrowserError

CACHE_ENV = "SHANGRILA_LITE_CACHE"
"""The environment variable naming the download cache."""


def default_cache_dir() -> Path:
    """``$SHANGRILA_LITE_CACHE``, else ``~/.cache/shangrila_widget/lite``."""
    env = os.environ.get(CACHE_ENV)
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "shangrila_widget" / "lite"


def add_lite_command(commands: Any) -> None:
    """Register ``lite`` on the subcommands (``argparse``) of ``python -m shangrila_widget``."""
    lite = commands.add_parser(
        "lite",
        help="build a static JupyterLite site: the tour and the board in any browser",
        description=(
            "Build a static site that runs the tour, the hot-seat board and the dispute "
            "checker in the browser (JupyterLite + Pyodide). Serve OUT_DIR with any web server."
        ),
    )
    lite.add_argument("out_dir", metavar="OUT_DIR", help="the folder to build the site in")
    lite.add_argument(
        "--pyodide",
        metavar="DIR",
        help="a downloaded Pyodide distribution (its unpacked pyodide/ folder): the site "
        "carries it and works with no internet",
    )
    lite.add_argument(
        "--pyodide-lock",
        metavar="FILE_OR_URL",
        help="without --pyodide: Pyodide's package list (pyodide-lock.json) of the public "
        "distribution, instead of downloading it",
    )
    lite.add_argument(
        "--cache", metavar="DIR", help=f"download cache (default: {default_cache_dir()})"
    )
    add_lang_argument(lite, "the language of the error line")
    lite.set_defaults(run=run_lite_command, errors=(LiteBuildError, NotInBrowserError))


def run_lite_command(args: Any) -> int:
    """``python -m shangrila_widget lite``: 0 when built; a :class:`LiteBuildError` when not
    (the command line prints it as its one error line, in ``--lang``, and exits 2)."""
    from shangrila_widget.cli import write_output
    from shangrila_widget.lite.site import build_site

    report = build_site(
        args.out_dir,
        pyodide_dir=args.pyodide,
        pyodide_lock=args.pyodide_lock,
        cache_dir=args.cache if args.cache is not None else default_cache_dir(),
        node=shutil.which("node") if args.pyodide is not None else None,
    )
    write_output(report.summary() + "\n")
    return 0
