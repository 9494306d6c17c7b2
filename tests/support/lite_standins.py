"""TEST-ONLY STAND-INS for numpy and Pillow in the offline JupyterLite test.

No package registry reachable from here has the Pyodide builds of numpy and Pillow (they are
compiled for WebAssembly and live only on Pyodide's own distribution), and ipycanvas imports
both when it loads while ``render/canvas.py`` builds its batches with numpy. So the lite test
puts these two *minimal pure-Python stand-ins* into the local Pyodide folder it assembles, in
place of the real wheels. They are **not** numpy or Pillow: they provide only what ipycanvas
0.14 and the painter call when a board is drawn (``np.array`` of nested sequences with a dtype,
``require``/``asarray``/``ascontiguousarray``/``concatenate``/``frombuffer``/``zeros``,
``shape``/``ndim``/``dtype``/``flags``/``astype``/``ravel``, column slices ``a[:, k]``, the
buffer protocol through ``array.array``) and an importable ``PIL.Image``. They never leave the
test: the package does not ship them and a site a user builds never carries them.

``tests/browser/test_lite_browser.py`` also checks, in CPython, that the painter sends the
same bytes with the stand-in as with the real numpy.
"""

from __future__ import annotations

import base64
import hashlib
import zipfile
from pathlib import Path

NUMPY_STANDIN = r'''
"""TEST-ONLY stand-in for numpy (shangrila_widget's lite test); NOT numpy."""
import array as _array
import operator as _operator

__version__ = "0.0.0+standin"


class dtype:
    def __init__(self, name, code, kind):
        self.name, self.code, self.kind = name, code, kind

    def __str__(self):
        return self.name

    __repr__ = __str__

    def __eq__(self, other):
        return isinstance(other, dtype) and other.name == self.name

    def __hash__(self):
        return hash(self.name)


uint8 = dtype("uint8", "B", "i")
int32 = dtype("int32", "i", "i")
int64 = dtype("int64", "q", "i")
float16 = dtype("float16", None, "f")
float32 = dtype("float32", "f", "f")
float64 = dtype("float64", "d", "f")
_BY_NAME = {d.name: d for d in (uint8, int32, int64, float16, float32, float64)}


def _dtype(value):
    if value is None or isinstance(value, dtype):
        return value
    if value is int:
        return int64
    if value is float:
        return float64
    return _BY_NAME[str(value)]


def _flatten(obj, shape, out, depth=0):
    if isinstance(obj, ndarray):
        obj = obj.tolist()
    if isinstance(obj, (list, tuple)):
        if len(shape) <= depth:
            shape.append(len(obj))
        elif shape[depth] != len(obj):
            raise ValueError("inhomogeneous shape (stand-in)")
        for item in obj:
            _flatten(item, shape, out, depth + 1)
    else:
        out.append(obj)


class ndarray(_array.array):
    def __new__(cls, values, dt, shape):
        values = list(values)
        if dt.kind == "i":
            values = [int(v) for v in values]
        else:
            values = [float(v) for v in values]
        self = super().__new__(cls, dt.code, values)
        self.dtype, self.shape = dt, tuple(shape)
        return self

    @property
    def ndim(self):
        return len(self.shape)

    @property
    def flags(self):
        return {"C_CONTIGUOUS": True}

    @property
    def size(self):
        return _array.array.__len__(self)

    def __len__(self):
        return self.shape[0]

    def astype(self, dt):
        return ndarray(_array.array.tolist(self), _dtype(dt), self.shape)

    def ravel(self):
        return ndarray(_array.array.tolist(self), self.dtype, (self.size,))

    def tolist(self):
        flat = _array.array.tolist(self)

        def build(offset, dims):
            if not dims:
                return flat[offset]
            step = 1
            for d in dims[1:]:
                step *= d
            return [build(offset + i * step, dims[1:]) for i in range(dims[0])]

        return build(0, list(self.shape))

    def __getitem__(self, key):
        if isinstance(key, tuple) and len(key) == 2 and key[0] == slice(None):
            column = key[1]
            rows, cols = self.shape[0], self.shape[1]
            flat = _array.array.tolist(self)
            return ndarray([flat[r * cols + column] for r in range(rows)], self.dtype, (rows,))
        if isinstance(key, int) and self.ndim == 1:
            return _array.array.__getitem__(self, key)
        if isinstance(key, int):
            return array(self.tolist()[key], dtype=self.dtype)
        raise NotImplementedError("stand-in numpy: index %r" % (key,))

    def __iter__(self):
        return iter(self.tolist())

    def __repr__(self):
        return "standin_array(%r, dtype=%s)" % (self.tolist(), self.dtype)


def array(obj, dtype=None, **kwargs):
    dt = _dtype(dtype)
    if isinstance(obj, ndarray):
        return obj.astype(dt or obj.dtype)
    shape, flat = [], []
    _flatten(obj, shape, flat)
    if dt is None:
        ints = all(isinstance(v, int) for v in flat)
        dt = int64 if ints else float64
    return ndarray(flat, dt, shape)


def asarray(obj, dtype=None):
    if isinstance(obj, ndarray) and (dtype is None or _dtype(dtype) == obj.dtype):
        return obj
    return array(obj, dtype)


def require(obj, dtype=None, requirements=None):
    return asarray(obj, dtype)


def ascontiguousarray(obj, dtype=None):
    return asarray(obj, dtype)


def concatenate(arrays):
    arrays = [asarray(a) for a in arrays]
    flat = [v for a in arrays for v in _array.array.tolist(a.ravel())]
    return ndarray(flat, arrays[0].dtype, (len(flat),))


def frombuffer(data, dtype=float64):
    dt = _dtype(dtype)
    values = _array.array(dt.code)
    values.frombytes(bytes(data))
    return ndarray(values.tolist(), dt, (len(values),))


def zeros(shape, dtype=float64):
    shape = (shape,) if isinstance(shape, int) else tuple(shape)
    size = 1
    for d in shape:
        size *= d
    return ndarray([0] * size, _dtype(dtype), shape)
'''

PIL_INIT_STANDIN = '''"""TEST-ONLY stand-in for Pillow (the lite test): NOT Pillow."""
__version__ = "0.0.0+standin"
'''

PIL_IMAGE_STANDIN = '''"""TEST-ONLY stand-in for PIL.Image: importable, and says so when used."""


def _unavailable(*args, **kwargs):
    raise NotImplementedError("PIL.Image is a test stand-in without images")


open = fromarray = _unavailable
'''

STANDINS: dict[str, dict[str, str]] = {
    # lock name: {path in the wheel: source}
    "numpy": {"numpy/__init__.py": NUMPY_STANDIN},
    "pillow": {"PIL/__init__.py": PIL_INIT_STANDIN, "PIL/Image.py": PIL_IMAGE_STANDIN},
}
DIST_NAMES = {"numpy": "numpy", "pillow": "pillow"}
STANDIN_VERSION = "0.0.0"


def write_standin_source(folder: Path) -> Path:
    """The stand-in modules as plain files under ``folder`` (for a CPython check)."""
    for files in STANDINS.values():
        for name, source in files.items():
            path = folder / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(source, encoding="utf-8")
    return folder


def write_standin_wheel(lock_name: str, folder: Path) -> Path:
    """A ``py3-none-any`` wheel of the stand-in for ``lock_name`` (numpy or pillow)."""
    dist = DIST_NAMES[lock_name]
    info = f"{dist}-{STANDIN_VERSION}.dist-info"
    files = dict(STANDINS[lock_name])
    files[f"{info}/METADATA"] = (
        f"Metadata-Version: 2.1\nName: {dist}\nVersion: {STANDIN_VERSION}\n"
        "Summary: TEST-ONLY stand-in of shangrila_widget's lite test\n"
    )
    files[f"{info}/WHEEL"] = "Wheel-Version: 1.0\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    record = []
    for name, text in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest()).rstrip(b"=")
        record.append(f"{name},sha256={digest.decode()},{len(text.encode())}")
    record.append(f"{info}/RECORD,,")
    files[f"{info}/RECORD"] = "\n".join(record) + "\n"
    wheel = folder / f"{dist}-{STANDIN_VERSION}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in files.items():
            archive.writestr(name, text)
    return wheel
