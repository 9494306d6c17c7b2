"""What the tests' processes leave unimported because importing it is slow and nothing a
test checks depends on it: the test servers (:func:`without_slow_imports`, for the
environment of a Voila, JupyterLab or Notebook 7 a test starts) and the test process
(:func:`hide_slow_imports`, called by tests/conftest.py), and where the tests' processes keep
the bytecode they compile (:func:`keep_compiled_bytecode`)."""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Mapping
from pathlib import Path

#: Modules the test servers and the test processes go without: importing them is most of a
#: Jupyter server's start and none of what a test checks. ``rfc3987_syntax`` builds 39 Earley
#: grammars (lark) when jsonschema imports it for its optional ``iri`` format checks: 3.3 s of
#: CPU in every process that imports jsonschema (each Voila, JupyterLab and Notebook 7
#: server through jupyter_events, a test process through nbformat), of 5 s for
#: ``import voila.app`` (measured). No schema of Jupyter's uses the ``iri`` formats, and the
#: package does not use jsonschema; without the module jsonschema leaves those checks out.
NOT_IMPORTED = ("rfc3987_syntax",)


def without_slow_imports(env: Mapping[str, str], folder: Path) -> dict[str, str]:
    """``env`` for a test server whose Python cannot import :data:`NOT_IMPORTED`: a package
    of each name that raises ImportError is written under ``folder`` and put first on
    ``PYTHONPATH`` (kernels inherit it). The test process itself drops them with
    :func:`hide_slow_imports`."""
    for name in NOT_IMPORTED:
        package = folder / name
        package.mkdir(parents=True, exist_ok=True)
        (package / "__init__.py").write_text(
            f"raise ImportError({name!r} + ' is not imported by the test servers')\n",
            encoding="utf-8",
        )
    path = os.pathsep.join(filter(None, [str(folder), env.get("PYTHONPATH")]))
    return {**env, "PYTHONPATH": path}


def hide_slow_imports() -> None:
    """Make :data:`NOT_IMPORTED` unimportable in this process (``import`` raises ImportError,
    which is what jsonschema expects of an optional module), unless already imported."""
    for name in NOT_IMPORTED:
        sys.modules.setdefault(name, None)  # type: ignore[arg-type]


#: Where the tests' processes keep the bytecode they compile, outside the checkout.
BYTECODE_FOLDER = Path(tempfile.gettempdir()) / "shangrila-widget-test-bytecode"


def keep_compiled_bytecode() -> None:
    """Let this process and every process it starts (pytest-xdist workers, servers, kernels,
    commands) keep compiled bytecode in :data:`BYTECODE_FOLDER`, unless the environment
    already names a ``PYTHONPYCACHEPREFIX``.

    Where ``PYTHONDONTWRITEBYTECODE`` is set (as on the machines this suite runs on), each
    process otherwise compiles the package and the test modules again: 13.4 s of CPU to
    collect the suite in one process, 7.3 s with the bytecode kept (measured), and every
    kernel compiles the package before it draws a board. The bytecode goes to a folder of its
    own (``sys.pycache_prefix``), so the checkout stays as it was."""
    if os.environ.get("PYTHONPYCACHEPREFIX"):
        return
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = str(BYTECODE_FOLDER)
    sys.dont_write_bytecode = False
    sys.pycache_prefix = str(BYTECODE_FOLDER)
