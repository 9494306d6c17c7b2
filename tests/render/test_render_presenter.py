"""Presenter sizes: the words on the board read from the back of a classroom, measured from
the scene data (font size times the on-screen scale of a picture drawn 600 px tall, as the
presenter layout at 1280x720 draws it)."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from shangrila_widget.render import Highlight, build_scene
from shangrila_widget.render.primitives import Primitive, Text
from shangrila_widget.render.scene import Scene
from shangrila_widget.render.svg import scene_to_svg
from shangrila_widget.rules import Position
from tests.support.positions import random_game

SCREEN_HEIGHT = 600  # px: the board's picture in the presenter layout at 1280x720
BOLD = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
BOOK = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")


def on_screen(scene: Scene, text: Text) -> float:
    """The text's size in CSS px when the whole picture is drawn SCREEN_HEIGHT px tall."""
    return text.size * SCREEN_HEIGHT / scene.height


def texts(scene: Scene, kind: str) -> list[Text]:
    return [p for p in scene.tagged(kind) if isinstance(p, Text)]


def scenes() -> list[tuple[str, Scene]]:
    mid = random_game(3, 60)
    over = random_game(5, 400, ["blue", "red", "violet"])
    caption = "podpowiedź: recruit dragon_breeder K healer L"
    return [
        (f"{name} {lang}", build_scene(pos, lang=lang, presenter=True, caption=caption))
        for name, pos in (
            ("midgame", mid),
            ("finished three", over),
            ("start", Position.new_game(["violet", "yellow", "blue", "red"])),
        )
        for lang in ("en", "pl")
    ]


SCENES = scenes()


@pytest.mark.parametrize(("name", "scene"), SCENES, ids=[n for n, _ in SCENES])
def test_presenter_words_are_large_enough_to_read_from_the_back(name: str, scene: Scene) -> None:
    space_letters = texts(scene, "space")
    tile_letters = texts(scene, "master") + texts(scene, "student")
    labels = texts(scene, "label")
    footer = texts(scene, "legend") + texts(scene, "phase") + texts(scene, "caption")
    assert space_letters and labels and len(footer) >= 3
    assert min(on_screen(scene, t) for t in space_letters) >= 12
    if tile_letters:
        assert min(on_screen(scene, t) for t in tile_letters) >= 12
    smallest_label = min(on_screen(scene, t) for t in labels)
    assert smallest_label > max(on_screen(scene, t) for t in space_letters + tile_letters)
    assert min(on_screen(scene, t) for t in footer) >= 14


def test_the_usual_sizes_are_smaller_and_the_default() -> None:
    pos = random_game(3, 60)
    usual = build_scene(pos, caption="c")
    assert build_scene(pos, caption="c", presenter=False) == usual
    presenter = build_scene(pos, caption="c", presenter=True)
    assert max(on_screen(usual, t) for t in texts(usual, "space")) < 12
    assert (usual.width, usual.height) == (900.0, 910.0)
    assert (presenter.width, presenter.height) == (900.0, 964.0)
    assert presenter.static is not usual.static
    assert scene_to_svg(build_scene(pos)) == scene_to_svg(build_scene(pos, presenter=False))
    # the board keeps its geometry: what a click hits does not depend on the words' size
    assert presenter.layout is usual.layout


def width_of(text: Text) -> float:
    """The text's real advance width (DejaVu Sans, as cairosvg and the browsers draw it)."""
    font = pytest.importorskip("PIL.ImageFont")
    face = font.truetype(str(BOLD if text.weight == "bold" else BOOK), 100)
    return float(face.getlength(text.text)) * text.size / 100


def box(p: Primitive) -> tuple[float, float, float, float]:
    if isinstance(p, Text):
        width = width_of(p)
        x0 = {"start": p.x, "middle": p.x - width / 2, "end": p.x - width}[p.anchor]
        return (x0, p.y - 0.76 * p.size, x0 + width, p.y + 0.24 * p.size)
    return p.bbox()


def overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize(("name", "scene"), SCENES, ids=[n for n, _ in SCENES])
def test_presenter_words_overlap_neither_each_other_nor_the_pieces(name: str, scene: Scene) -> None:
    if not BOLD.exists() or not BOOK.exists():
        pytest.skip("DejaVu fonts are not installed")
    # the footer's words and shapes: each entry clear of the others, inside the picture
    footer = [p for p in scene.dynamic if p.tag[:1] in (("legend",), ("phase",), ("caption",))]
    for a, b in itertools.combinations(footer, 2):
        if a.tag != b.tag:
            assert not overlap(box(a), box(b)), (a, b)
    for p in footer:
        x0, y0, x1, y1 = box(p)
        assert (
            0 <= x0 and x1 <= scene.width and scene.layout.board_height < y0 and y1 <= scene.height
        )
    # a village's letter is clear of every space, badge and stone, and of bridges' planks
    others = [
        p
        for p in scene.primitives
        if p.tag[:1] in (("space",), ("strength",), ("stone",), ("master",), ("student",))
        and not isinstance(p, Text)
    ]
    for label in texts(scene, "label"):
        for other in others:
            assert not overlap(box(label), other.bbox()), (label, other.tag)
    # a tile's letter and an empty space's letter stay inside their disc
    for letter in texts(scene, "space") + texts(scene, "master") + texts(scene, "student"):
        space = scene.layout.space(letter.tag[1], letter.tag[2])
        x0, y0, x1, y1 = box(letter)
        assert space.cx - space.r < x0 and x1 < space.cx + space.r + 3, letter
        assert space.cy - space.r < y0 and y1 < space.cy + space.r + 3, letter


def test_presenter_svg_draws_the_marks() -> None:
    pos = random_game(3, 60)
    scene = build_scene(
        pos,
        presenter=True,
        highlights=[Highlight("target", "A", "healer"), Highlight("moved", bridge=("A", "B"))],
    )
    svg = scene_to_svg(scene)
    assert 'viewBox="0 0 900 964"' in svg and 'font-size="21"' in svg and 'font-size="28"' in svg
