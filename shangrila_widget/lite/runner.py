"""What runs in the browser: a packaged notebook shown as Voila shows it, for the site's ready
pages. It imports nothing of the site's build, so that a page loads only what it shows."""

from __future__ import annotations

import ast
import json
from collections.abc import Iterator
from typing import Any

from shangrila_widget.serve import notebook_source


def show_notebook(
    name: str, namespace: dict[str, Any] | None = None, page: str | None = None
) -> None:
    """Show the packaged notebook ``name`` as Voila does: its Markdown cells as text, its
    code cells run (in the IPython user namespace, or ``namespace``) with the code hidden,
    printed output and the value of a cell's last expression shown.

    ``page``: the address of the page showing it (the ready pages give theirs), said to the
    widgets where the program starts (:func:`shangrila_widget.page_address.configure`), as
    Voila's ``QUERY_STRING`` and ``VOILA_REQUEST_URL`` say it in a served kernel.

    The site's ready pages run it in JupyterLite's REPL on load; it works in any IPython
    kernel. An error in a cell stops there and shows the traceback, like a notebook.
    """
    from IPython.core.getipython import get_ipython
    from IPython.display import Markdown, display  # type: ignore[attr-defined]

    shell: Any = get_ipython()  # type: ignore[no-untyped-call]
    if namespace is None:
        namespace = shell.user_ns if shell is not None else {"__name__": "__main__"}
    if page is not None:
        from shangrila_widget.page_address import configure, current_page

        configure(current_page().on_page(page))
    for kind, value in notebook_outputs(name, namespace):
        if kind == "markdown":
            display(Markdown(value))  # type: ignore[no-untyped-call]
        else:
            display(value)  # type: ignore[no-untyped-call]


def notebook_outputs(name: str, namespace: dict[str, Any]) -> Iterator[tuple[str, Any]]:
    """Run the packaged notebook ``name`` in ``namespace`` cell by cell, yielding what a
    notebook shows: ``("markdown", source)`` for a Markdown cell, ``("value", value)`` for
    the value of a code cell's last expression (when not None). A cell runs when the one
    before has been shown (the generator is lazy)."""
    notebook = json.loads(notebook_source(name).read_bytes())
    for cell in notebook.get("cells", []):
        source = "".join(cell.get("source", ""))
        if cell.get("cell_type") == "markdown" and source.strip():
            yield "markdown", source
        elif cell.get("cell_type") == "code" and source.strip():
            tree = ast.parse(source, filename=name)
            last = tree.body[-1] if tree.body and isinstance(tree.body[-1], ast.Expr) else None
            body = tree.body[:-1] if last is not None else tree.body
            exec(compile(ast.Module(body=body, type_ignores=[]), name, "exec"), namespace)  # noqa: S102
            if last is not None:
                value = eval(compile(ast.Expression(last.value), name, "eval"), namespace)  # noqa: S307
                if value is not None:
                    yield "value", value
