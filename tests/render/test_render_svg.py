"""SVG and PNG output: well-formed, accessible, one element per tile."""

from __future__ import annotations

import builtins
import io
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from shangrila_widget.render import Highlight, build_scene, position_svg, save_png, save_svg
from shangrila_widget.render.styles import PLAYER_STYLES
from shangrila_widget.render.svg import scene_to_svg
from shangrila_widget.rules import Position
from shangrila_widget.rules.board import VILLAGES
from tests.support.positions import random_game, tour_positions

NS = {"svg": "http://www.w3.org/2000/svg"}
SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def tile_groups(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if "tile" in g.get("class", "").split()]


CASES = [
    *tour_positions(),
    ("new-4", Position.new_game(["red", "blue", "yellow", "violet"])),
    ("new-3", Position.new_game(["blue", "red", "violet"])),
    ("setup", random_game(11, 20)),
    ("midgame", random_game(3, 60)),
    ("finished-3", random_game(5, 400, ["blue", "red", "violet"])),
]


@pytest.mark.parametrize(("name", "pos"), CASES, ids=[c[0] for c in CASES])
def test_svg_is_well_formed_labelled_and_has_one_group_per_tile(name: str, pos: Position) -> None:
    svg = position_svg(pos)
    root = parse(svg)
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox") == "0 0 900 910"
    title = root.find("svg:title", NS)
    desc = root.find("svg:desc", NS)
    assert title is not None and title.text and "Shangri-La" in title.text
    assert desc is not None and desc.text and "Village A" in desc.text
    labelled = root.get("aria-labelledby", "").split()
    assert labelled == [title.get("id"), desc.get("id")]
    # all 13 village labels as text
    labels = [
        t.text
        for g in root.iter(f"{SVG}g")
        if g.get("class") == "label"
        for t in g.iter(f"{SVG}text")
    ]
    assert sorted(labels) == list(VILLAGES)
    # one <g class="tile ..."> per tile on the board
    tiles = tile_groups(root)
    assert len(tiles) == sum(pos.strength(v) for v in VILLAGES)
    for g in tiles:
        village, master_type, owner = g.get("data-village"), g.get("data-type"), g.get("data-owner")
        assert village and master_type and owner
        tile = pos.tile(village, master_type)
        assert tile is not None and tile.owner == owner
        if "student" in g.get("class", ""):
            assert tile.student
        tooltip = g.find("svg:title", NS)
        assert tooltip is not None and owner.capitalize() in (tooltip.text or "")
    masters = [g for g in tiles if "master" in g.get("class", "")]
    assert len(masters) == sum(pos.masters_in(v) for v in VILLAGES)


def test_tile_group_holds_its_letter_and_colour() -> None:
    pos = Position.from_dict(
        {
            "format": "shangrila-position/1",
            "players": ["red", "blue", "yellow", "violet"],
            "to_move": "red",
            "phase": "play",
            "villages": {"A": {"healer": {"owner": "red", "student": True}}},
        }
    )
    root = parse(position_svg(pos))
    (master,) = [g for g in tile_groups(root) if "master" in g.get("class", "")]
    (student,) = [g for g in tile_groups(root) if "student" in g.get("class", "")]
    assert master.get("data-village") == "A" and master.get("data-type") == "healer"
    assert any(c.get("fill") == PLAYER_STYLES["red"].fill for c in master.iter(f"{SVG}circle"))
    assert [t.text for t in student.iter(f"{SVG}text")] == ["H"]
    order = list(root.iter(f"{SVG}g"))
    assert order.index(student) > order.index(master), "the student is drawn on top"


def test_bridges_and_stones_are_marked() -> None:
    pos = random_game(5, 400, ["blue", "red", "violet"])
    root = parse(position_svg(pos))
    broken = [g for g in root.iter(f"{SVG}g") if g.get("class") == "bridge broken"]
    intact = [g for g in root.iter(f"{SVG}g") if g.get("class") == "bridge intact"]
    assert len(broken) + len(intact) == 20
    assert len(intact) == len(pos.bridges)
    stones = [g.get("data-village") for g in root.iter(f"{SVG}g") if g.get("class") == "stone"]
    assert sorted(stones) == sorted(pos.stones)


def test_highlights_caption_and_language() -> None:
    pos = random_game(3, 60)
    svg = position_svg(
        pos,
        lang="pl",
        caption="Podróż <Ucznia> & co",
        highlights=[Highlight("target", "A", "healer"), Highlight("moved", bridge=("A", "B"))],
    )
    root = parse(svg)
    assert root.get("{http://www.w3.org/XML/1998/namespace}lang") == "pl"
    marks = [g for g in root.iter(f"{SVG}g") if g.get("class") == "highlight"]
    assert {(g.get("data-kind"), g.get("data-village"), g.get("data-bridge")) for g in marks} == {
        ("target", "A", None),
        ("moved", None, "A-B"),
    }
    assert "Podróż <Ucznia> & co" in [t.text for t in root.iter(f"{SVG}text")]
    assert "Mosty Shangri-La" in (root.find("svg:title", NS).text or "")  # type: ignore[union-attr]


def test_svg_is_deterministic_and_ids_follow_content() -> None:
    a, b = random_game(3, 60), random_game(4, 60)
    assert position_svg(a) == position_svg(a)
    id_a = parse(position_svg(a)).get("aria-labelledby")
    id_b = parse(position_svg(b)).get("aria-labelledby")
    assert id_a != id_b


def test_display_width_scales_the_svg_not_the_viewbox() -> None:
    root = parse(position_svg(random_game(3, 60), display_width=450))
    assert root.get("width") == "450" and root.get("height") == "455"
    assert root.get("viewBox") == "0 0 900 910"


def test_repr_svg_of_a_position() -> None:
    pos = random_game(3, 60)
    assert pos._repr_svg_() == position_svg(pos)


def test_save_svg(tmp_path: Path) -> None:
    path = tmp_path / "board.svg"
    pos = random_game(3, 60)
    save_svg(pos, path, lang="pl")
    assert path.read_text("utf-8") == position_svg(pos, lang="pl")


def test_save_png(tmp_path: Path) -> None:
    pytest.importorskip("cairosvg")
    from PIL import Image

    path = tmp_path / "board.png"
    save_png(random_game(3, 60), path, scale=1)
    image = Image.open(path)
    assert image.size == (900, 910)
    save_png(random_game(3, 60), path)  # default scale 2: crisp
    assert Image.open(path).size == (1800, 1820)


def test_save_png_without_cairosvg_says_what_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_import = builtins.__import__

    def no_cairosvg(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "cairosvg":
            raise ImportError("No module named 'cairosvg'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_cairosvg)
    with pytest.raises(ImportError, match="pip install cairosvg"):
        save_png(random_game(3, 60), tmp_path / "x.png")
    assert not (tmp_path / "x.png").exists()


GROUPING_CASES = [
    (
        random_game(5, 120),
        [
            Highlight("target", "A", "healer"),
            Highlight("selected", "D"),
            Highlight("moved", bridge=("A", "B")),
            Highlight("refused", "E", "priest"),
            Highlight("moved", "C", "healer"),
        ],
    ),
    (random_game(5, 400, ["blue", "red", "violet"]), [Highlight("refused", bridge=("A", "B"))]),
    (random_game(11, 20), "legal"),
]


@pytest.mark.parametrize(("pos", "marks"), GROUPING_CASES)
def test_grouping_by_tag_draws_the_same_picture(pos: Position, marks: Any) -> None:
    """The shapes of one tag come one after another: one <g> per tag paints
    exactly what the primitives in their own order paint (checked pixel by pixel)."""
    cairosvg = pytest.importorskip("cairosvg")
    import numpy as np
    from PIL import Image

    if marks == "legal":
        marks = [Highlight("target", a.village, a.type) for a in pos.legal_actions()]
    scene = build_scene(pos, highlights=marks, caption="contract")

    def pixels(svg: str) -> Any:
        png = cairosvg.svg2png(bytestring=svg.encode("utf-8"), scale=1)
        return np.asarray(Image.open(io.BytesIO(png)).convert("RGB"), dtype=np.int16)

    grouped = pixels(scene_to_svg(scene))
    flat = pixels(scene_to_svg(scene, grouped=False))
    assert grouped.shape == flat.shape
    assert int(np.abs(grouped - flat).max()) == 0
