"""Pyodide's package list (``pyodide-lock.json``) as the site ships it: read, with an entry
added for each wheel the site carries, and cut down to what the pages need."""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from shangrila_widget.lite.kernel import LiteBuildError, normal
from shangrila_widget.lite.wheels import import_names, requirements, sha256_of, wheel_requirements
from shangrila_widget.rules.messages import problem


def read_lock(source: str | Path, cache: Path) -> dict[str, Any]:
    """Pyodide's ``pyodide-lock.json`` from a file, or from a URL (downloaded once, cached)."""
    text = str(source)
    if re.match(r"^https?://", text):
        cached = cache / "lock" / re.sub(r"[^A-Za-z0-9.]+", "_", text)
        if not cached.is_file():
            cached.parent.mkdir(parents=True, exist_ok=True)
            try:
                with urllib.request.urlopen(text, timeout=60) as response:  # noqa: S310
                    data = response.read()
            except OSError as error:
                raise LiteBuildError(
                    problem("lite_no_lock_download", url=text, why=str(error))
                ) from error
            cached.write_bytes(data)
        path = cached
    else:
        path = Path(text)
    try:
        lock: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise LiteBuildError(
            problem("lite_cannot_read_lock", path=str(path), why=str(error))
        ) from error
    if not isinstance(lock.get("packages"), dict):
        raise LiteBuildError(problem("lite_not_lock", path=str(path)))
    return lock


def lock_entry(
    name: str,
    wheel: Path,
    version: str,
    file_name: str,
    *,
    imports: list[str] | None = None,
    depends: list[str] | None = None,
) -> dict[str, Any]:
    """The package list's entry of the distribution ``name`` served as ``wheel``; its modules
    and requirements from the installed metadata unless given."""
    return {
        "name": name,
        "version": version,
        "file_name": file_name,
        "install_dir": "site",
        "sha256": sha256_of(wheel),
        "package_type": "package",
        "imports": import_names(name) if imports is None else imports,
        "depends": requirements(name) if depends is None else depends,
        "unvendored_tests": False,
        "shared_library": False,
    }


def merge_lock(
    base: dict[str, Any],
    wheels: dict[str, Path],
    *,
    base_url: str | None = None,
    wheel_prefix: str = "",
) -> dict[str, Any]:
    """A copy of ``base`` with an entry per wheel of ``wheels`` (name -> file), their file
    names prefixed with ``wheel_prefix``; with ``base_url`` the entries of ``base`` point there
    (the public distribution) instead of next to the list."""
    lock: dict[str, Any] = json.loads(json.dumps(base))
    packages: dict[str, Any] = lock["packages"]
    if base_url is not None:
        for entry in packages.values():
            file_name = str(entry["file_name"])
            if "://" not in file_name and not file_name.startswith("/"):
                entry["file_name"] = base_url.rstrip("/") + "/" + file_name
    for name, wheel in wheels.items():
        version = wheel.name.split("-")[1]
        packages[name] = lock_entry(name, wheel, version, wheel_prefix + wheel.name)
    missing = sorted(
        {normal(dep) for entry in packages.values() for dep in entry.get("depends", [])}
        - {normal(key) for key in packages}
    )
    if missing:
        raise LiteBuildError(problem("lite_lock_lacks", missing=", ".join(missing)))
    return lock


def needed_packages(lock: dict[str, Any], roots: Iterable[str]) -> list[str]:
    """The names of ``roots`` and everything they depend on, in ``lock``."""
    packages: dict[str, Any] = {normal(k): v for k, v in lock["packages"].items()}
    seen: list[str] = []
    todo = [normal(r) for r in roots]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        if name not in packages:
            raise LiteBuildError(problem("lite_lock_no_package", name=repr(name)))
        seen.append(name)
        todo.extend(normal(d) for d in packages[name].get("depends", []))
    return sorted(seen)


def add_kernel_wheels(lock: dict[str, Any], wheels: Mapping[str, Path]) -> None:
    """Add the kernel's own wheels (name -> file, :func:`~shangrila_widget.lite.kernel.
    kernel_wheels`) to ``lock``, served next to it, so that the page can load them with
    Pyodide instead of installing them with micropip."""
    for name, wheel in wheels.items():
        imports, depends = wheel_requirements(wheel)
        version = wheel.name.split("-")[1]
        lock["packages"][name] = lock_entry(
            name, wheel, version, wheel.name, imports=imports, depends=depends
        )
