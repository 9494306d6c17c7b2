"""Pictures of the board: one scene model, drawn as SVG/PNG or onto an ipycanvas widget.

- :func:`build_scene` (:mod:`.scene`): position + highlights (:mod:`.highlight`) ->
  :class:`Scene` (pure data), built from :mod:`.pieces` in the look of :mod:`.styles`, with
  the accessible text of :mod:`.accessible`;
- :func:`hit_test`: what lies under a scene point (for clicks);
- :func:`legend_scene`, :func:`legend_svg` (:mod:`.legend`): the key to the picture, EN/PL;
- :func:`scene_to_svg`, :func:`position_svg`, :func:`save_svg`, :func:`save_png` (:mod:`.svg`);
- :mod:`.canvas` (imported on demand, it needs ipycanvas): :func:`~.canvas.paint` and
  :class:`~.canvas.BoardCanvas`.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from shangrila_widget.deprecation import deprecated

if TYPE_CHECKING:
    from shangrila_widget.render.highlight import HIGHLIGHT_KINDS, Highlight
    from shangrila_widget.render.layout import BoardLayout, board_layout
    from shangrila_widget.render.legend import LegendScene, legend_scene, legend_svg
    from shangrila_widget.render.primitives import Circle, Line, Polygon, Primitive, Rect, Text
    from shangrila_widget.render.scene import Scene, build_scene, hit_test
    from shangrila_widget.render.styles import PLAYER_STYLES, SYMBOLS
    from shangrila_widget.render.svg import position_svg, save_png, save_svg, scene_to_svg

#: Where each name of this package lives. They load on first use (PEP 562), so importing one
#: module of the package (the tour model imports :mod:`.highlight`) loads no other.
_HOMES = {
    "HIGHLIGHT_KINDS": "highlight",
    "Highlight": "highlight",
    "BoardLayout": "layout",
    "board_layout": "layout",
    "LegendScene": "legend",
    "legend_scene": "legend",
    "legend_svg": "legend",
    "Circle": "primitives",
    "Line": "primitives",
    "Polygon": "primitives",
    "Primitive": "primitives",
    "Rect": "primitives",
    "Text": "primitives",
    "Scene": "scene",
    "build_scene": "scene",
    "hit_test": "scene",
    "PLAYER_STYLES": "styles",
    "SYMBOLS": "styles",
    "position_svg": "svg",
    "save_png": "svg",
    "save_svg": "svg",
    "scene_to_svg": "svg",
}


#: Old names (one release, with a DeprecationWarning; docs/api.md).
_OLD = {"Legend": ("LegendScene", "legend")}


def __getattr__(name: str) -> Any:
    if name in _OLD:
        new, old_home = _OLD[name]
        deprecated(f"{__name__}.{name}", new)
        return getattr(importlib.import_module(f"{__name__}.{old_home}"), new)
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_HOMES])


__all__ = [
    "BoardLayout",
    "Circle",
    "HIGHLIGHT_KINDS",
    "Highlight",
    "LegendScene",
    "Line",
    "PLAYER_STYLES",
    "Polygon",
    "Primitive",
    "Rect",
    "SYMBOLS",
    "Scene",
    "Text",
    "board_layout",
    "build_scene",
    "hit_test",
    "legend_scene",
    "legend_svg",
    "position_svg",
    "save_png",
    "save_svg",
    "scene_to_svg",
]
