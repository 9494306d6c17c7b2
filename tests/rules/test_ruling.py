"""Rulings (issue 19): every rule that refuses an action, the changes that would make it
legal, the other edition's verdict and the ruling string.

Over seeded random questions (3 and 4 players, both editions, set-up, play and finished
games, legal and illegal actions, now and then tried by a player who is not to move):

- the first refusing rule is ``check``'s, and the set of rules equals an independent model's
  (each condition evaluated alone on the real position, from the public accessors);
- lifting the other conditions (by edits the position reader accepts) leaves each listed
  rule refusing, as ``check``'s rule;
- every "legal if" position, read back, makes the action legal by the engine;
- a ruling string reads back to the same question, and a cut or altered one is refused.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from shangrila_widget.rules import (
    Action,
    Journey,
    Pass,
    Place,
    Position,
    Recruit,
    ShangrilaError,
    apply_unchecked,
    check,
    legal_actions,
    random_action,
)
from shangrila_widget.rules.codes import setup_caps
from shangrila_widget.rules.ruling import (
    DEFAULT_BASE_URL,
    EDITIONS,
    NO_ACTION,
    RulingError,
    changes_for,
    edited,
    edition_label,
    edition_of,
    failing_conditions,
    legal_if,
    question_string,
    read_question,
    read_ruling_string,
    refusing_rules,
    ruling,
    ruling_link,
    ruling_string,
    under_edition,
)
from tests.support.positions import make
from tests.support.questions import random_question

QUESTIONS = 400


def questions(
    seed: int, count: int, refused_only: bool = True
) -> list[tuple[Position, Action, str | None]]:
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        pos, action, player = random_question(rng)
        if refused_only and check(pos, action, player) is None:
            continue
        found.append((pos, action, player))
    return found


def model_rules(pos: Position, action: Action, player: str | None) -> set[str]:
    """The refusing rules by a second, independent reading of the rules (public accessors
    only, every condition on its own)."""
    rules: set[str] = set()
    mover = player or pos.to_move
    if mover != pos.to_move:
        rules.add("TURN-ORDER")
    if pos.is_over:
        rules.add("END")
    setup = pos.phase == "setup"

    def closed(village: str) -> None:
        if not pos.in_play(village):
            rules.add("SETUP-THREE")
        elif pos.has_stone(village):
            rules.add("PEACE")

    if isinstance(action, Place):
        closed(action.village)
        tiles = pos.tiles(action.village)
        mine = sum(1 for tile in tiles.values() if tile.owner == mover)
        if setup:
            max_colour, max_total = setup_caps(len(pos.players))
            if pos.supply(mover, action.type) < 6:
                rules.add("SETUP-ONE-OF-EACH")
            if action.type in tiles:
                rules.add("SETUP-SPACE")
            if mine >= max_colour or len(tiles) >= max_total:
                rules.add("SETUP-CAP")
        else:
            if pos.supply(mover, action.type) == 0:
                rules.add("PLACE-SUPPLY")
            if not mine:
                rules.add("PLACE-PRESENCE")
            if action.type in tiles:
                rules.add("PLACE-SPACE")
    elif isinstance(action, Recruit):
        if setup:
            rules.add("SETUP-ORDER")
        if len(action.students) not in (1, 2):
            rules.add("RECRUIT-COUNT")
        if len(action.students) == 2 and action.students[0] == action.students[1]:
            rules.add("RECRUIT-ONE-PER-MASTER")
        for master_type, village in action.students:
            closed(village)
            tile = pos.tile(village, master_type)
            if tile is None or tile.owner != mover:
                rules.add("RECRUIT-OWN")
            elif tile.student:
                rules.add("RECRUIT-ONE-PER-MASTER")
        for master_type, needed in Counter(t for t, _ in action.students).items():
            if pos.supply(mover, master_type) < needed:
                rules.add("RECRUIT-SUPPLY")
    elif isinstance(action, Journey):
        if setup:
            rules.add("SETUP-ORDER")
        closed(action.origin)
        closed(action.destination)
        if not pos.bridge_intact(action.origin, action.destination):
            rules.add("JOURNEY-BRIDGE")
        if not any(t.owner == mover and t.student for t in pos.tiles(action.origin).values()):
            rules.add("JOURNEY-START")
    elif not pos.is_over and not (setup and mover != pos.to_move):
        data = pos.to_dict()
        data["to_move"] = mover
        if legal_actions(Position.from_dict(data)) != [Pass()]:
            rules.add("SETUP-STUCK" if setup else "TURN-PASS")
    return rules


@pytest.mark.parametrize("seed", [1, 2])
def test_every_refusing_rule_first_the_checks(seed: int) -> None:
    phases: Counter[str] = Counter()
    several = 0
    for pos, action, player in questions(seed, QUESTIONS // 2, refused_only=False):
        first = check(pos, action, player)
        rules = [r.rule for r in refusing_rules(pos, action, player)]
        if first is None:
            assert rules == []
            continue
        phases[f"{len(pos.players)}{pos.phase}"] += 1
        assert rules[0] == first.rule, (pos.to_compact(), str(action), player)
        assert refusing_rules(pos, action, player)[0] == first
        assert len(set(rules)) == len(rules)
        assert set(rules) == model_rules(pos, action, player), (pos.to_compact(), str(action))
        several += len(rules) > 1
    assert set(phases) >= {"3setup", "4setup", "3play", "4play"}, phases
    assert several > QUESTIONS // 20, several


def lifted(pos: Position, action: Action, player: str | None, keep: str) -> Position | None:
    """``pos`` with every failing condition but those of rule ``keep`` lifted, one edit at a
    time (each read back by the position reader), or None when that cannot be done."""
    for _ in range(6):
        others = [c for c in failing_conditions(pos, action, player) if c.rule != keep]
        if not others:
            return pos
        target = (others[0].rule, others[0].key, tuple(sorted(others[0].params.items())))
        for change in changes_for(pos, action, others[0]):
            changed = edited(pos, (change,))
            if changed is None or (changed.to_move != pos.to_move and change.key != "change.turn"):
                continue
            left = failing_conditions(changed, action, player)
            keys = {(c.rule, c.key, tuple(sorted(c.params.items()))) for c in left}
            if target not in keys and any(c.rule == keep for c in left):
                pos = changed
                break
        else:
            return None
    return None


def test_each_listed_rule_refuses_with_the_others_lifted() -> None:
    tried = done = 0
    for pos, action, player in questions(3, QUESTIONS):
        rules = [r.rule for r in refusing_rules(pos, action, player)]
        if len(rules) < 2:
            continue
        for rule in rules:
            tried += 1
            alone = lifted(pos, action, player, rule)
            if alone is None:
                continue
            done += 1
            refusal = check(alone, action, player)
            assert refusal is not None and refusal.rule == rule, (pos.to_compact(), str(action))
            assert [r.rule for r in refusing_rules(alone, action, player)] == [rule]
    assert tried > 40 and done > tried // 3, (tried, done)


def test_every_legal_if_makes_the_action_legal() -> None:
    found: Counter[str] = Counter()
    for pos, action, player in questions(4, QUESTIONS):
        entries = legal_if(pos, action, player)
        sizes = {len(entry.changes) for entry in entries}
        assert sizes <= {1} or sizes == {2}, sizes  # two edits only where no single one works
        for entry in entries:
            assert check(entry.position, action, player) is None, entry.text("en")
            assert Position.from_dict(entry.position.to_dict()) == entry.position
            turn = any(c.key == "change.turn" for c in entry.changes)
            assert entry.position.to_move == (player if turn else pos.to_move)
            assert entry.text("en").startswith("Legal if ")
            assert entry.text("pl").startswith("Byłoby legalne, gdyby ")
            assert entry.to_dict("pl")["position"] == entry.position.to_dict()
        if entries:
            found[check(pos, action, player).rule] += 1  # type: ignore[union-attr]
    for rule in ("JOURNEY-START", "PLACE-PRESENCE", "PLACE-SPACE", "SETUP-ORDER", "END"):
        assert found[rule], found


def texts(pos: Position, action: str, player: str | None = None) -> list[str]:
    return [entry.text("en") for entry in legal_if(pos, action, player)]


def test_legal_if_says_the_changes_the_rulebook_would() -> None:
    red_in_a = make({"A": "H:r P:b+", "B": "R:b"})
    said = texts(red_in_a, "journey A B")
    assert said[0] == "Legal if Red's Healer master in village A had a student."
    assert said[1] == "Legal if Red had a Rainmaker master with its student in village A."
    without_ab = [b for b in make({}).bridges if b != ("A", "B")]
    gone = make({"A": "H:r+", "B": "R:b"}, bridges=without_ab)
    assert texts(gone, "journey A B") == ["Legal if the bridge A-B still stood."]
    assert texts(make({"A": "H:b R:r"}), "place healer A") == [
        "Legal if the Healer space in village A were empty."
    ]
    # Red's only master in A is on the space: emptying it leaves Red no presence there
    assert texts(make({"A": "H:r"}), "place healer A")[0] == (
        "Legal if the Healer space in village A were empty and Red had a Rainmaker master in "
        "village A."
    )
    assert texts(make({"A": "H:b"}), "recruit healer A", "blue") == [
        "Legal if it were Blue's turn."
    ]
    assert texts(make({"A": "H:r+"}), "recruit healer A") == [
        "Legal if the Healer master in village A had no student."
    ]
    assert texts(make({"A": "H:b"}), "recruit healer A") == [
        "Legal if the Healer master in village A were Red's."
    ]
    setup = Position.new_game(["red", "blue", "yellow"])
    assert texts(setup, "recruit healer A") == [
        "Legal if set-up were over (the play phase) and Red had a Healer master in village A."
    ]
    assert texts(setup, "place healer C") == []  # SETUP-THREE: no position lifts it
    assert texts(make({"A": "H:r"}), "recruit healer A healer A") == []  # the same master twice


def test_legal_if_place_needs_supply_or_presence() -> None:
    six = make({**{v: "H:r" for v in "ABDE"}, "G": "H:r+", "H": "R:r"})
    assert texts(six, "place healer H") == [
        "Legal if Red had a Healer tile in supply (the master in village A taken off the board).",
        "Legal if Red had a Healer tile in supply (the master in village B taken off the board).",
        "Legal if Red had a Healer tile in supply (the master in village D taken off the board).",
        "Legal if Red had a Healer tile in supply (the student on the master in village G taken "
        "off the board).",
    ]
    assert texts(make({"A": "R:r"}), "place healer B")[0] == (
        "Legal if Red had a Rainmaker master in village B."
    )
    pl = legal_if(make({"A": "R:r"}), "place healer B")[0].text("pl")
    assert (
        pl == "Byłoby legalne, gdyby gracz Czerwony miał Mistrza (Przywoływacz Deszczu) w wiosce B."
    )


def test_ruling_string_round_trips() -> None:
    rng = random.Random(5)
    editions: Counter[str] = Counter()
    for pos, action, player in questions(5, 150, refused_only=False):
        text = ruling_string(pos, action, player)
        assert set(text) <= set(
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.~-"
        )
        assert read_ruling_string(text) == (pos, action, player)
        assert read_ruling_string(ruling_link(text)) == (pos, action, player)
        editions[text.split("~")[1]] += 1
        cut = rng.randrange(len(text))
        with pytest.raises(RulingError):
            read_ruling_string(text[:cut])
        at = rng.randrange(len(text))
        for char in "a7~_.X":
            if text[at] != char:
                altered = text[:at] + char + text[at + 1 :]
                with pytest.raises(RulingError):
                    read_ruling_string(altered)
    assert set(editions) == {"standard", "END-ELEVEN"}


def resigned(body: str) -> str:
    import hashlib

    return f"{body}~{hashlib.sha256(body.encode()).hexdigest()[:8]}"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "should start with 'r1~'"),
        ("journey A B", "not allowed"),
        ("r2~standard~x~pass~00000000", "version 'r2'"),
        ("r1~standard~rby_r_setup", "incomplete or cut"),
        (
            resigned("r1~house~rby_r_setup_7.7.7.7.7.7.7.7.7.7.7.7.7_-_C~pass"),
            "unknown edition 'house'",
        ),
        (resigned("r1~standard~rby_r_setup_7.7.7.7.7.7.7.7.7.7.7.7.7_-_C_e11~pass"), "e11"),
        (resigned("r1~standard~rby_r_setup_7.7.7.7.7.7.7.7.7.7.7.7_-_C~pass"), "position"),
        (resigned("r1~standard~rby_r_setup_7.7.7.7.7.7.7.7.7.7.7.7.7_-_C~jump"), "action"),
        (resigned("r1~standard~rby_r_setup_7.7.7.7.7.7.7.7.7.7.7.7.7_-_C~pass~violet"), "violet"),
        ("r1~standard~rby_r_setup_7.7.7.7.7.7.7.7.7.7.7.7.7_-_C~pass~0000000", "cut or altered"),
    ],
)
def test_bad_ruling_strings_name_the_problem(text: str, words: str) -> None:
    with pytest.raises(RulingError) as caught:
        read_ruling_string(text)
    assert words in str(caught.value)
    assert caught.value.text("pl") != str(caught.value)


def test_ruling_json_and_link(monkeypatch: pytest.MonkeyPatch) -> None:
    pos = make({"A": "H:r+", "B": "R:b"})
    answer = ruling(pos, "journey A B")
    data = answer.to_dict()
    assert data["legal"] and data["rules"] == [] and data["legal_if"] == []
    assert data["scores"]["red"] == {"masters": 2, "villages": 2}
    assert data["edition"] == "standard" and data["other_edition"]["differs"] is False
    assert data["link"] == DEFAULT_BASE_URL + "?ruling=" + data["ruling"]
    monkeypatch.setenv("SHANGRILA_SITE_URL", "https://example.org/lab/?x=1")
    assert answer.link() == DEFAULT_BASE_URL + "?ruling=" + answer.string  # rules/ reads no env
    assert answer.link("https://example.org/lab/?x=1").startswith(
        "https://example.org/lab/?x=1&ruling=r1~"
    )
    assert answer.link("http://h/") == "http://h/?ruling=" + answer.string
    refused = ruling(pos, "journey B A").to_dict("pl")
    assert refused["rules"] == ["JOURNEY-START"] and refused["scores"] is None
    assert refused["legal_if"][0]["text"].startswith("Byłoby legalne, gdyby")


def eleven_stones(end_eleven: bool) -> tuple[Position, Position, Action]:
    """A position of a random game right before its 11th stone, the journey that lays it, and
    the position after it."""
    for seed in range(200):
        rng = random.Random(seed)
        pos = Position.new_game(["red", "blue", "yellow", "violet"], end_eleven=end_eleven)
        while not pos.is_over:
            action = random_action(pos, rng)
            after = apply_unchecked(pos, action)
            if len(pos.stones) == 10 and len(after.stones) >= 11:
                return pos, after, action
            pos = after
    raise AssertionError("no game reached an 11th stone")


def test_the_editions_differ_where_the_game_ends() -> None:
    before, after, action = eleven_stones(end_eleven=False)
    note = ruling(before, action).other_edition
    assert note.edition == "END-ELEVEN" and note.game_over is True and note.differs
    assert note.text("en") == "Under END-ELEVEN this journey would end the game (the 11th stone)."
    later = ruling(after, legal_actions(after)[0]).other_edition
    assert later.rule == "END"
    assert later.text("en").startswith("Under END-ELEVEN the game would already be over")
    before, after, action = eleven_stones(end_eleven=True)
    assert after.is_over
    note = ruling(before, action).other_edition
    assert note.edition == "standard" and note.game_over is False and note.differs
    over = ruling(after, "pass")
    assert over.rules == ("END",) and over.other_edition.differs
    assert over.other_edition.text("en").startswith(
        "Under the standard rules the game would not be over"
    )
    data = after.to_dict()
    del data["options"]
    data["phase"] = "play"
    going_on = legal_actions(Position.from_dict(data))[-1]
    said = [entry.text("en") for entry in ruling(after, going_on).legal_if]
    assert "Legal if the game were played by the standard rules (to the last bridge)." in said


def test_refused_input_is_the_packages_error() -> None:
    pos = Position.new_game(["red", "blue", "yellow"])
    with pytest.raises(ShangrilaError):
        ruling(pos, "jump A B")
    with pytest.raises(ShangrilaError):
        ruling(pos, "pass", player="violet")
    with pytest.raises(TypeError):
        ruling("not a position", "pass")  # type: ignore[arg-type]


def test_a_position_string_with_no_question_round_trips_and_is_no_ruling() -> None:
    before, _after, _action = eleven_stones(end_eleven=True)
    text = question_string(before)
    assert text.split("~")[1:4:2] == ["END-ELEVEN", NO_ACTION]
    assert read_question(text) == (before, None, None)
    with pytest.raises(RulingError, match="no action to rule on"):
        read_ruling_string(text)
    assert read_question(ruling_link(text, "http://h/x.html")) == (before, None, None)
    altered = text.replace("~-~", "~pass~")
    with pytest.raises(RulingError, match="cut or altered"):
        read_question(altered)
    with pytest.raises(ValueError):
        question_string(before, None, "red")


def test_under_edition_changes_the_option_only() -> None:
    before, after, action = eleven_stones(end_eleven=True)
    assert after.is_over
    standard = under_edition(after, "standard")
    assert edition_of(standard) == "standard" and not standard.is_over
    assert standard.stones == after.stones and standard.bridges == after.bridges
    assert under_edition(under_edition(before, "standard"), "END-ELEVEN") == before
    assert under_edition(before, "END-ELEVEN") is before
    with pytest.raises(RulingError, match="unknown edition 'house'"):
        under_edition(before, "house")
    labels = [edition_label(e, "pl") for e in EDITIONS]
    assert labels[0].startswith("standard: zasady z instrukcji")
    assert labels[1].startswith("END-ELEVEN: gra kończy się po 11. kamieniu")
