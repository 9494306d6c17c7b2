"""Generate the docs pages that come from the package itself.

    python docs/generate.py

writes ``docs/rules.md`` (the rules reference in English and Polish, from the rule ids of
``data/rules.json``) and ``docs/img/*.svg`` (board pictures drawn by the package's SVG painter
for the README and the pages). The docs build (``mkdocs build --strict``) runs it first.
"""

from __future__ import annotations

from pathlib import Path

from shangrila_widget.render.highlight import Highlight
from shangrila_widget.render.svg import save_svg
from shangrila_widget.rules import Journey, Position
from shangrila_widget.rules.messages import rules_reference
from shangrila_widget.tour import load_chapters

DOCS = Path(__file__).resolve().parent
SECTIONS = {
    "setup": ("Set-up", "Przygotowanie"),
    "turn": ("A turn", "Tura"),
    "place": ("Place a master", "Umieszczenie Mistrza"),
    "recruit": ("Recruit students", "Znalezienie Uczniów"),
    "journey": ("Journey of the students", "Podróż Uczniów"),
    "outcome": ("What each traveller meets", "Co spotyka wędrującego Ucznia"),
    "collapse": ("Bridges and stones", "Mosty i Kamienie Mędrców"),
    "end": ("End and scoring", "Koniec gry i punktacja"),
}


def rules_page() -> str:
    lines = [
        "# Rules reference",
        "",
        "Every rule has an id. The engine names it in each refusal and each event it reports,",
        "and the widgets show the rule's text with it. The texts are the package's own words, in",
        "English and Polish. ⚙ marks an engine choice where the rulebooks are silent.",
        "",
    ]
    current = None
    for entry in rules_reference():
        if entry["section"] != current:
            current = entry["section"]
            en, pl = SECTIONS[current]
            lines += [f"## {en} / {pl}", ""]
        mark = " ⚙" if entry.get("engine_choice") else ""
        lines += [
            f"### `{entry['id']}`{mark}",
            "",
            f"**{entry['title']['en']}.** {entry['text']['en']}",
            "",
            f"*{entry['title']['pl']}.* {entry['text']['pl']}",
            "",
        ]
    return "\n".join(lines)


def pictures() -> list[str]:
    written = []
    chapters = {c.id: c for c in load_chapters()}
    for chapter_id, name in [
        ("journey-situation-1", "journey-situation-1"),
        ("journey-situation-2", "journey-situation-2"),
    ]:
        chapter = chapters[chapter_id]
        before = chapter.frames[0].position
        after = next(f for f in chapter.frames if f.outcome is not None)
        save_svg(before, DOCS / "img" / f"{name}-before.svg", display_width=520)
        journey = after.step.action if after.step else None
        assert isinstance(journey, Journey)
        marks = [Highlight("moved", bridge=(journey.origin, journey.destination))]
        save_svg(
            after.position, DOCS / "img" / f"{name}-after.svg", display_width=520, highlights=marks
        )
        written += [f"{name}-before.svg", f"{name}-after.svg"]
    setup = Position.new_game(["red", "blue", "yellow"])
    save_svg(setup, DOCS / "img" / "three-players-start.svg", display_width=520)
    written.append("three-players-start.svg")
    board = chapters["last-bridge"].frames[0].position
    save_svg(board, DOCS / "img" / "board.svg", display_width=720)
    written.append("board.svg")
    return written


def main() -> None:
    (DOCS / "img").mkdir(exist_ok=True)
    (DOCS / "rules.md").write_text(rules_page(), encoding="utf-8")
    for name in pictures():
        print("wrote docs/img/" + name)
    print("wrote docs/rules.md")


if __name__ == "__main__":
    main()
