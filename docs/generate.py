"""Generate the docs pages that come from the package itself.

    python docs/generate.py

writes ``docs/rules.md`` (the rules reference in English and Polish, from the rule ids of
``data/rules.json``), ``docs/first-game.md`` (the students' first game, played through the
engine) and ``docs/img/*.svg`` (board pictures and the key to them, drawn by the package's SVG
painter for the README and the pages). Run it before ``mkdocs build --strict``; the tests
check that the committed files are what it writes now.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from shangrila_widget.bots.evaluation import CHANCE_MODEL
from shangrila_widget.render.highlight import Highlight
from shangrila_widget.render.legend import legend_svg
from shangrila_widget.render.svg import position_svg
from shangrila_widget.rules import (
    Action,
    Event,
    Journey,
    Outcome,
    Place,
    Position,
    Recruit,
    parse_action,
)
from shangrila_widget.rules.messages import COLOUR_NAMES, rules_reference
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


def chapter_pictures() -> dict[str, str]:
    """The tour's journey examples and the README's board."""
    out: dict[str, str] = {}
    chapters = {c.id: c for c in load_chapters()}
    for name in ("journey-situation-1", "journey-situation-2"):
        chapter = chapters[name]
        before = chapter.frames[0].position
        after = next(f for f in chapter.frames if f.outcome is not None)
        out[f"{name}-before.svg"] = position_svg(before, display_width=520)
        journey = after.step.action if after.step else None
        assert isinstance(journey, Journey)
        marks = [Highlight("moved", bridge=(journey.origin, journey.destination))]
        out[f"{name}-after.svg"] = position_svg(after.position, display_width=520, highlights=marks)
    setup = Position.new_game(["red", "blue", "yellow"])
    out["three-players-start.svg"] = position_svg(setup, display_width=520)
    board = chapters["last-bridge"].frames[0].position
    out["board.svg"] = position_svg(board, display_width=720)
    return out


def legend_pictures() -> dict[str, str]:
    """The key to the board picture, in both languages."""
    return {f"legend-{lang}.svg": legend_svg(lang, display_width=760) for lang in ("en", "pl")}


# ---------------------------------------------------------------------------- first game

#: A short real game for the students' page: three players, the set-up, then one turn of
#: each kind. Every action is played through the engine (an illegal one stops generate.py).
FIRST_GAME_PLAYERS = ("red", "blue", "yellow")
FIRST_GAME_SETUP = (
    "place dragon_breeder F, place healer L, place rainmaker L, place priest B, "
    "place astrologer J, place dragon_breeder M, place healer K, place priest H, "
    "place firekeeper J, place yeti_whisperer H, place rainmaker B, place healer G, "
    "place rainmaker A, place yeti_whisperer I, place yeti_whisperer E, place astrologer M, "
    "place firekeeper D, place priest D, place firekeeper I, place dragon_breeder K, "
    "place astrologer F"
).split(", ")
FIRST_GAME_PLACE = "place healer I"
FIRST_GAME_RECRUITS = (
    "recruit dragon_breeder K healer L",
    "recruit priest D rainmaker L",
    "recruit priest B dragon_breeder F",
)
FIRST_GAME_JOURNEY = "journey L I"
#: After those turns the game goes on with random legal actions (journeys preferred, so it is
#: short) from this seed, to show an end and its scores.
FIRST_GAME_SEED = 1


@dataclass(frozen=True)
class Shot:
    """One picture of the first game: its name, the position, what to mark, and the move it
    shows (who played what, and the engine's events, which speak both languages)."""

    name: str
    position: Position
    marks: tuple[Highlight, ...] = ()
    events: tuple[Event, ...] = ()
    player: str = ""
    action: str = ""

    def file(self, lang: str) -> str:
        """The picture's file name under ``docs/img/`` in ``lang``."""
        return f"first-game-{self.name}.svg" if lang == "en" else f"first-game-pl-{self.name}.svg"

    def said(self, lang: str) -> str:
        """The move in Markdown: who played it, then the engine's events."""
        head = f"**{COLOUR_NAMES[lang][self.player]}: {self.action}**"
        return "\n".join([head, ""] + [f"- {e.message(lang)}" for e in self.events])


def moved(action: Action) -> tuple[Highlight, ...]:
    """What an action changed, to ring in blue (the board widget does the same)."""
    if isinstance(action, Place):
        return (Highlight("moved", action.village, action.type),)
    if isinstance(action, Recruit):
        return tuple(Highlight("moved", v, t) for t, v in action.students)
    if isinstance(action, Journey):
        return (Highlight("moved", bridge=(action.origin, action.destination)),)
    return ()


def first_game() -> list[Shot]:
    """Play the first game through the engine and keep the positions the page shows."""
    position = Position.new_game(list(FIRST_GAME_PLAYERS))
    shots = [Shot("1-start", position)]
    for text in FIRST_GAME_SETUP:
        position = position.play(text).position
    shots.append(Shot("2-setup", position))

    def turn(name: str | None, text: str) -> Outcome:
        """Play ``text``; keep a picture ``name`` of the result unless ``name`` is None."""
        nonlocal position
        action = parse_action(text)
        outcome = position.play(action)
        if name is not None:
            shots.append(
                Shot(
                    name,
                    outcome.position,
                    moved(action),
                    tuple(outcome.events),
                    position.to_move,
                    text,
                )
            )
        position = outcome.position
        return outcome

    # the page's words name these players and this outcome: check that they still hold
    assert position.to_move == "red"
    turn("3-place", FIRST_GAME_PLACE)
    assert position.to_move == "blue"
    first, *others = FIRST_GAME_RECRUITS
    turn("4-recruit", first)
    for text in others:
        turn(None, text)
    journey = parse_action(FIRST_GAME_JOURNEY)
    assert isinstance(journey, Journey)
    targets = tuple(
        Highlight("target", bridge=(a.origin, a.destination))
        for a in position.legal_actions()
        if isinstance(a, Journey) and a.origin == journey.origin
    )
    shots.append(
        Shot(
            "5-journey-before",
            position,
            (Highlight("selected", journey.origin), *targets),
        )
    )
    assert position.to_move == "blue"
    assert turn("6-journey-after", FIRST_GAME_JOURNEY).situation == 1
    rng = random.Random(FIRST_GAME_SEED)
    while not position.is_over:
        legal = position.legal_actions()
        journeys = [a for a in legal if isinstance(a, Journey)]
        position = position.play(rng.choice(journeys if journeys else legal)).position
    shots.append(Shot("7-end", position))
    return shots


def first_game_pictures() -> dict[str, str]:
    """The first game's pictures, in English and in Polish (the footer speaks the language)."""
    return {
        shot.file(lang): position_svg(
            shot.position, display_width=560, highlights=shot.marks, lang=lang
        )
        for shot in first_game()
        for lang in ("en", "pl")
    }


def calibration_svg(table: list[dict[str, Any]]) -> str:
    """The calibration plot of the bots' win chances: per tenth of the predicted chance, the
    mean chance against the share of the games won (a dot, its area by the count), and the
    diagonal where they agree. ``table`` is ``data/chances.json``'s ``calibration``."""
    size, left, top, plot = 420, 56, 20, 340
    x = lambda v: left + v * plot  # noqa: E731
    y = lambda v: top + (1 - v) * plot  # noqa: E731
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
        f'viewBox="0 0 {size} {size}" font-family="sans-serif" font-size="11">',
        f'<rect width="{size}" height="{size}" fill="white"/>',
    ]
    for i in range(11):
        v = i / 10
        out.append(
            f'<line x1="{x(v):.1f}" y1="{y(0)}" x2="{x(v):.1f}" y2="{y(1)}" stroke="#e4e4e4"/>'
            f'<line x1="{x(0)}" y1="{y(v):.1f}" x2="{x(1)}" y2="{y(v):.1f}" stroke="#e4e4e4"/>'
            f'<text x="{x(v):.1f}" y="{y(0) + 15}" text-anchor="middle">{v:.1f}</text>'
            f'<text x="{x(0) - 6}" y="{y(v) + 4:.1f}" text-anchor="end">{v:.1f}</text>'
        )
    out.append(
        f'<line x1="{x(0)}" y1="{y(0)}" x2="{x(1)}" y2="{y(1)}" stroke="#888" '
        'stroke-dasharray="5 4"/>'
        f'<rect x="{x(0)}" y="{y(1)}" width="{plot}" height="{plot}" fill="none" stroke="#444"/>'
        f'<text x="{x(0.5)}" y="{size - 22}" text-anchor="middle" font-size="13">'
        "predicted chance (by tenths)</text>"
        f'<text transform="translate(16 {y(0.5)}) rotate(-90)" text-anchor="middle" '
        'font-size="13">observed share of the wins</text>'
    )
    biggest = max(row["count"] for row in table)
    points = [row for row in table if row["count"]]
    path = " ".join(f"{x(r['predicted']):.1f},{y(r['observed']):.1f}" for r in points)
    out.append(f'<polyline points="{path}" fill="none" stroke="#1f5fa8" stroke-width="1.5"/>')
    for row in points:
        px, py = x(row["predicted"]), y(row["observed"])
        radius = 2.5 + 9 * (row["count"] / biggest) ** 0.5
        out.append(
            f'<circle cx="{px:.1f}" cy="{py:.1f}" r="{radius:.1f}" fill="#1f5fa8" '
            'fill-opacity="0.55" stroke="#1f5fa8"/>'
            f'<text x="{px + radius + 3:.1f}" y="{py + 4:.1f}" fill="#333">{row["count"]:,}</text>'
        )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def pictures() -> dict[str, str]:
    """Every generated picture, by file name under ``docs/img/``."""
    return {
        **chapter_pictures(),
        **legend_pictures(),
        **first_game_pictures(),
        "calibration.svg": calibration_svg(CHANCE_MODEL["calibration"]),
    }


def first_game_page(lang: str = "en") -> str:
    """The students' page about the first game, in ``lang``."""
    shots = {s.name: s for s in first_game()}
    end = shots["7-end"].position
    if lang == "en":
        scores = "; ".join(
            f"{COLOUR_NAMES['en'][c]} {end.masters_of(c)} masters in {end.villages_of(c)} villages"
            for c in end.players
        )
        names = [COLOUR_NAMES["en"][c] for c in end.winners()]
        winners = f"{names[0]} wins" if len(names) == 1 else f"{' and '.join(names)} share the win"
    else:
        scores = "; ".join(
            f"{COLOUR_NAMES['pl'][c]}: {end.masters_of(c)} Mistrzów w {end.villages_of(c)} wioskach"
            for c in end.players
        )
        names = [COLOUR_NAMES["pl"][c] for c in end.winners()]
        winners = (
            f"Wygrywa {names[0]}" if len(names) == 1 else f"Wygrywają razem: {', '.join(names)}"
        )
    template = FIRST_GAME_PAGE if lang == "en" else FIRST_GAME_PAGE_PL
    return template.format(
        place=shots["3-place"].said(lang),
        recruit=shots["4-recruit"].said(lang),
        journey=shots["6-journey-after"].said(lang),
        scores=scores,
        winners=winners,
        **{f"img{name.split('-')[0]}": "img/" + shot.file(lang) for name, shot in shots.items()},
    )


FIRST_GAME_PAGE = """\
# Play your first game

<!-- Generated by docs/generate.py from a game played through the engine: do not edit. -->

This page walks you through a real game for three players, Red, Blue and Yellow, as the
board widget draws it. The [key to the board](key.md) names every mark you will see.
[Po polsku](first-game-pl.md).

```python
from shangrila_widget.widget import ShangriLaBoard

ShangriLaBoard(players=["red", "blue", "yellow"])  # lang="pl" for Polish
```

## The goal

Each village has seven spaces, one for each kind of master. Your tiles sit there as
**masters**; a second tile of yours stacked on a master is a **student**. When the last
bridge falls, the player with the most masters on the board wins. Students do not count, but
they are the only pieces that travel, and travelling is how you take villages.

## 1. The empty board

![The board for three players before anyone has placed a master]({img1})

With three players village C is out of play and its three bridges are missing. Click a space
to place a master there; the green rings show where you may.

## 2. Everyone places seven masters

![The board after the set-up: seven masters of each colour]({img2})

In turn, each player places one master of each of the seven kinds, one at a time. A village
may not fill up with one colour: with three players it takes at most one master of a colour
and two in all during this phase.

## 3. A turn: place a master

After the set-up, a turn is one action: place a master, recruit students, or send students
on a journey. You may place a master only in a village where you already have one, on the
empty space of its kind.

{place}

![Red has placed a Healer in I (blue ring)]({img3})

## 4. Recruit students

Click one or two of your own masters that have no student yet: each gets a student of its
kind from your supply. Blue recruits two:

{recruit}

![Blue's two new students, ringed in blue]({img4})

## 5. Choose a journey

Click a village where you have a student (black ring), then a neighbour across a bridge
(green). Every student in the start village travels, whatever its colour, and the bridge
falls behind them. Before anything moves the two villages compare their **strength** (the
number in the white badge: all the tiles in the village).

![Blue chooses L; green bridges lead where Blue may go]({img5})

## 6. What the journey does

The start village is stronger here, so each traveller takes over the space of its kind in
the destination, or settles there if it is empty:

{journey}

![After the journey: the arrow, and the broken bridge L-I]({img6})

When a village has no bridge left it gets a stone: nothing happens there any more, but its
masters still count.

## 7. The end

The game goes on until the last bridge falls. In this game: {scores}. {winners}.

![The board at the end of the game]({img7})

Now play one yourself, or take the [rulebook tour](tour.md), which replays the rulebook's
own examples step by step.
"""


FIRST_GAME_PAGE_PL = """\
# Twoja pierwsza gra

<!-- Strona tworzona przez docs/generate.py z partii rozegranej przez silnik: nie edytuj. -->

Ta strona prowadzi przez prawdziwą partię trzech graczy: Czerwonego, Niebieskiego i Żółtego,
tak jak rysuje ją widżet planszy. [Legenda planszy](key.md) objaśnia każdy znak na obrazkach.
[In English](first-game.md).

```python
from shangrila_widget.widget import ShangriLaBoard

ShangriLaBoard(players=["red", "blue", "yellow"], lang="pl")
```

## Cel gry

Każda wioska ma siedem pól, po jednym dla każdego rodzaju Mistrza. Twoje żetony stoją na nich
jako **Mistrzowie**; drugi Twój żeton położony na Mistrzu to **Uczeń**. Gdy runie ostatni most,
wygrywa gracz, który ma na planszy najwięcej Mistrzów. Uczniowie się nie liczą, ale tylko oni
wędrują, a wędrówki pozwalają zdobywać wioski.

## 1. Pusta plansza

![Plansza dla trzech graczy, zanim ktokolwiek postawił Mistrza]({img1})

Przy trzech graczach wioska C jest poza grą, a jej trzy mosty nie istnieją. Kliknij pole, aby
postawić na nim Mistrza; zielone okręgi pokazują, gdzie wolno.

## 2. Każdy stawia siedmiu Mistrzów

![Plansza po rozmieszczeniu: po siedmiu Mistrzów każdego koloru]({img2})

Gracze po kolei stawiają po jednym Mistrzu, aż każdy postawi po jednym z siedmiu rodzajów.
Jeden kolor nie może zająć wioski: przy trzech graczach w tej fazie wioska mieści najwyżej
jednego Mistrza danego koloru i dwóch w sumie.

## 3. Tura: postawienie Mistrza

Po rozmieszczeniu tura to jedna czynność: postawienie Mistrza, znalezienie Uczniów albo
podróż Uczniów. Mistrza można postawić tylko w wiosce, w której masz już Mistrza, na pustym
polu jego rodzaju.

{place}

![Czerwony postawił Uzdrowiciela w wiosce I (niebieski okrąg)]({img3})

## 4. Znalezienie Uczniów

Kliknij jednego lub dwóch swoich Mistrzów, którzy nie mają jeszcze Ucznia: każdy dostaje
Ucznia swojego rodzaju z Twojego zapasu. Niebieski bierze dwóch:

{recruit}

![Dwaj nowi Uczniowie Niebieskiego w niebieskich okręgach]({img4})

## 5. Wybór podróży

Kliknij wioskę, w której masz Ucznia (czarny okrąg), a potem sąsiednią wioskę za mostem
(zielony). Wędrują wszyscy Uczniowie z wioski startowej, każdego koloru, a most za nimi
runie. Zanim ktokolwiek się ruszy, obie wioski porównują **siłę** (liczba w białej plakietce:
wszystkie żetony w wiosce).

![Niebieski wybiera L; zielone mosty prowadzą tam, dokąd może iść]({img5})

## 6. Skutki podróży

Tu silniejsza jest wioska startowa, więc każdy wędrowiec przejmuje pole swojego rodzaju w
wiosce docelowej albo zajmuje je, gdy jest puste:

{journey}

![Po podróży: strzałka i zniszczony most L-I]({img6})

Wioska bez żadnego mostu dostaje Kamień Mędrców: nic się w niej już nie dzieje, ale jej
Mistrzowie nadal się liczą.

## 7. Koniec

Gra toczy się, aż runie ostatni most. W tej partii: {scores}. {winners}.

![Plansza na końcu partii]({img7})

Teraz zagraj sam albo przejdź [przewodnik po instrukcji](tour.md), który krok po kroku
odtwarza przykłady z instrukcji.
"""


def pages() -> dict[str, str]:
    """Every generated page, by file name under ``docs/``."""
    return {
        "rules.md": rules_page(),
        "first-game.md": first_game_page("en"),
        "first-game-pl.md": first_game_page("pl"),
    }


def main() -> None:
    (DOCS / "img").mkdir(exist_ok=True)
    for name, text in pages().items():
        (DOCS / name).write_text(text, encoding="utf-8")
        print("wrote docs/" + name)
    for name, svg in pictures().items():
        (DOCS / "img" / name).write_text(svg, encoding="utf-8")
        print("wrote docs/img/" + name)


if __name__ == "__main__":
    main()
