"""Pictures of the board: one scene model, drawn as SVG/PNG or onto an ipycanvas widget.

- :func:`build_scene` (:mod:`.scene`): position + highlights (:mod:`.highlight`) ->
  :class:`Scene` (pure data), built from :mod:`.pieces` in the look of :mod:`.styles`, with
  the accessible text of :mod:`.accessible`;
- :func:`hit_test`: what lies under a scene point (for clicks);
- :func:`scene_to_svg`, :func:`position_svg`, :func:`save_svg`, :func:`save_png` (:mod:`.svg`);
- :mod:`.canvas` (imported on demand, it needs ipycanvas): :func:`~.canvas.paint` and
  :class:`~.canvas.BoardCanvas`.
"""

from shangrila_widget.render.highlight import HIGHLIGHT_KINDS, Highlight
from shangrila_widget.render.layout import BoardLayout, board_layout
from shangrila_widget.render.primitives import Circle, Line, Polygon, Primitive, Rect, Text
from shangrila_widget.render.scene import Scene, build_scene, hit_test
from shangrila_widget.render.styles import PLAYER_STYLES, SYMBOLS
from shangrila_widget.render.svg import position_svg, save_png, save_svg, scene_to_svg

__all__ = [
    "BoardLayout",
    "Circle",
    "HIGHLIGHT_KINDS",
    "Highlight",
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
    "position_svg",
    "save_png",
    "save_svg",
    "scene_to_svg",
]
