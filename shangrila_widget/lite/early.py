"""Python started with the page: a ready page starts the kernel's Web Worker, and with it
Pyodide and its packages, as soon as the page itself starts, while JupyterLab's page (its
JavaScript, about 2.5-4 s) is still loading; the kernel then takes that worker when it asks
for one.

Measured (``benchmarks/lite_start.py``): the kernel's worker started 2.4-3.8 s after the
navigation, when the REPL app had loaded and asked for a kernel, and Pyodide's start with the
packages took the next 4-6 s, one after the other, though the page's thread and the worker's
are two threads (the machine has two cores).

Three small changes to the site's copies of JupyterLite's files, each made only where the
file holds the exact text expected (the kernel's 0.8 release; another version is left as it
is, and its pages start Python as before):

* the REPL page (:func:`early_script`) makes the worker at once, Pyodide's address and the
  page's preload list in its name, when the page is a ready page (its code runs
  ``show_notebook``) and not cross-origin isolated (the kernel then uses another worker);
* the worker (:data:`WORKER_PRELUDE`) reads its name on start and starts Pyodide with those
  options; when the kernel initializes it with the same options, it takes that Pyodide
  instead of starting another (:data:`WORKER_RUNTIME`); with other options it starts its own;
* the kernel's extension (:data:`EXTENSION_WORKER`) takes the page's worker for the same
  address instead of making a new one, once.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from shangrila_widget.lite.kernel import KERNEL_PYPI, LiteBuildError
from shangrila_widget.rules.messages import problem

__all__ = ["add_early_start", "early_script"]

WORKER_NAME = "shangrila-early:"
"""How the worker's name starts when the page has started it early (JSON options follow)."""

EXTENSION_WORKER = 'let t=e=>new Worker(e,{type:"module"});'
EXTENSION_WORKER_EARLY = (
    "let t=e=>(globalThis.__shangrilaWorker&&globalThis.__shangrilaWorker(e))"
    '||new Worker(e,{type:"module"});'
)

WORKER_RUNTIME = (
    "this._pyodide=await n({indexURL:s,stdout:e=>{console.log(e),this._logMessage("
    '{type:"text",level:"info",data:e})},stderr:e=>{console.error(e),this._logMessage('
    '{type:"text",level:"critical",data:e})},...e.loadPyodideOptions})'
)
WORKER_RUNTIME_EARLY = (
    "this._pyodide=await(self.__shangrilaEarly&&self.__shangrilaEarly(e,(l,d)=>"
    'this._logMessage({type:"text",level:l,data:d}))||n({indexURL:s,stdout:e=>{console.log(e),'
    'this._logMessage({type:"text",level:"info",data:e})},stderr:e=>{console.error(e),'
    'this._logMessage({type:"text",level:"critical",data:e})},...e.loadPyodideOptions}))'
)

EARLY_MARK = "/* shangrila_widget: Pyodide started early */"
MISMATCH = "shangrila_widget: the kernel's settings differ from the page's; Python starts again"
"""What the worker logs when the kernel's settings are not those the page started it with."""
EARLY_FETCHES = 3
"""How many files the early worker downloads at once (of the browser's six connections)."""
WORKER_PRELUDE = (
    EARLY_MARK
    + """
(() => {
  const name = self.name || "";
  const FETCHES = """
    + str(EARLY_FETCHES)
    + """;
  const MISMATCH = """
    + json.dumps(MISMATCH)
    + """;
  if (!name.startsWith("""
    + json.dumps(WORKER_NAME)
    + """)) return;
  const early = JSON.parse(name.slice("""
    + str(len(WORKER_NAME))
    + """));
  // Then at most FETCHES downloads from the site at once, each read whole (not the
  // WebAssembly, compiled as it streams, nor another host's): a response is read by this
  // thread, which Python's start keeps busy, and an unread one holds one of the browser's six
  // connections to the site, which the page's own scripts then waited for (measured:
  // JupyterLab's page 2.4 s alone, 10-13 s beside them).
  const fetchAll = self.fetch.bind(self);
  let active = 0;
  const queue = [];
  // The page's own wheels, asked for at once, while this thread is free to read them.
  const prefetched = new Map((early.prefetch || []).map((url) => [
    url, fetchAll(url).then((r) => (r.ok ? r.arrayBuffer() : null)).catch(() => null),
  ]));
  self.fetch = async (resource, init) => {
    const url = new URL(String(resource.url || resource), self.location.href).href;
    const kept = prefetched.get(url);
    prefetched.delete(url);
    const body = kept && (await kept);
    if (body) return new Response(body, {status: 200});
    if (url.endsWith(".wasm") || new URL(url).origin !== self.location.origin) {
      return fetchAll(resource, init);  // another host's connections are not the page's
    }
    while (active >= FETCHES) await new Promise((go) => queue.push(go));
    active += 1;
    try {
      const response = await fetchAll(resource, init);
      const body = await response.arrayBuffer();
      const {status, statusText, headers} = response;
      return new Response(body, {status, statusText, headers});
    } finally {
      active -= 1;
      if (queue.length) queue.shift()();
    }
  };
  let log = null;
  const out = (level) => (text) => {
    (level === "info" ? console.log : console.error)(text);
    if (log) log(level, text);
  };
  const started = import(early.pyodideUrl).then((module) => module.loadPyodide({
    indexURL: early.indexUrl, stdout: out("info"), stderr: out("critical"),
    ...early.loadPyodideOptions,
  }));
  started.catch(() => {}).finally(() => { self.fetch = fetchAll; });
  const same = (a, b) => JSON.stringify(Object.entries(a || {}).sort())
    === JSON.stringify(Object.entries(b || {}).sort());
  self.__shangrilaEarly = (options, logger) => {
    self.__shangrilaEarly = null;
    if (options.pyodideUrl !== early.pyodideUrl || options.indexUrl !== early.indexUrl
        || !same(options.loadPyodideOptions, early.loadPyodideOptions)) {
      console.warn(MISMATCH);
      return null;
    }
    log = logger;
    return started;
  };
})();
"""
)
"""Put before the worker's code: Pyodide started from the worker's name, if the page did."""


def early_script(
    worker: str, pyodide: str, preload: dict[str, Any], prefetch: Sequence[str] = ()
) -> str:
    """The REPL page's script that starts the kernel's worker (``worker``, relative to the
    site's root) with Pyodide (``pyodide``: its ``pyodide.mjs``, relative to the root) and the
    ready pages' ``loadPyodideOptions`` ``preload`` (its ``...URL`` values relative to the
    root, as the kernel resolves them); the worker downloads the files ``prefetch`` (relative
    to the root: the site's own wheels that Pyodide will load) at once."""
    options = {
        key: {"fromRoot": value} if key.endswith("URL") else value for key, value in preload.items()
    }
    return (
        """<script>
      // shangrila_widget: a ready page starts the kernel's worker, and Python in it, now,
      // while the page loads (lite/early.py); the kernel takes it when it asks for one.
      (() => {
        if (globalThis.crossOriginIsolated || typeof Worker === "undefined") return;
        const code = new URLSearchParams(location.search).get("code") || "";
        if (!code.includes("show_notebook(")) return;
        const root = new URL("..", location.href);
        const at = (path) => new URL(path, root).href;
        const pyodideUrl = at("""
        + json.dumps(pyodide)
        + """);
        const loadPyodideOptions = """
        + json.dumps(options)
        + """;
        for (const [key, value] of Object.entries(loadPyodideOptions)) {
          if (value && typeof value.fromRoot === "string") {
            loadPyodideOptions[key] = at(value.fromRoot);
          }
        }
        const options = {
          pyodideUrl, indexUrl: pyodideUrl.slice(0, pyodideUrl.lastIndexOf("/") + 1),
          loadPyodideOptions, prefetch: """
        + json.dumps(list(prefetch))
        + """.map(at),
        };
        const url = at("""
        + json.dumps(worker)
        + """);
        let worker = new Worker(url, {type: "module", name: """
        + json.dumps(WORKER_NAME)
        + """ + JSON.stringify(options)});
        globalThis.__shangrilaWorker = (asked) => {
          if (!worker || new URL(String(asked), location.href).href !== url) return null;
          const taken = worker;
          worker = null;
          document.documentElement.dataset.shangrilaEarly = "taken";
          return taken;
        };
      })();
    </script>"""
    )


def add_early_start(
    out: Path, pyodide: str, preload: dict[str, Any], page: Path, prefetch: Sequence[str] = ()
) -> bool:
    """Make the site in ``out`` start Python with its ready pages (the REPL page ``page``):
    the kernel's worker and its extension changed, the page's script added (``prefetch``:
    :func:`early_script`). False, with nothing changed, where a file does not hold the text
    expected."""
    static = out / KERNEL_PYPI.parent
    workers = sorted(static.glob("comlink.worker.*.js"))
    chunks = [p for p in sorted(static.glob("*.js")) if EXTENSION_WORKER in _text(p)]
    if len(workers) != 1 or len(chunks) != 1:
        return False
    worker_text = _text(workers[0])
    if worker_text.count(WORKER_RUNTIME) != 1 or EARLY_MARK in worker_text:
        return False
    chunk_text = _text(chunks[0])
    if chunk_text.count(EXTENSION_WORKER) != 1:
        return False
    page_text = _text(page)
    if page_text.count("<head>") != 1:
        raise LiteBuildError(problem("lite_repl_page", path=str(page)))
    worker = workers[0].relative_to(out).as_posix()
    workers[0].write_text(
        WORKER_PRELUDE + worker_text.replace(WORKER_RUNTIME, WORKER_RUNTIME_EARLY),
        encoding="utf-8",
    )
    chunks[0].write_text(
        chunk_text.replace(EXTENSION_WORKER, EXTENSION_WORKER_EARLY), encoding="utf-8"
    )
    script = early_script(worker, pyodide, preload, prefetch)
    page.write_text(page_text.replace("<head>", "<head>\n    " + script, 1), encoding="utf-8")
    return True


def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8")
