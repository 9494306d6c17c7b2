"""An action played out step by step: one step per engine event, ending on the engine's position."""

from __future__ import annotations

from random import Random

from shangrila_widget.exercises import play_out
from shangrila_widget.rules import Journey, Position, apply_unchecked, random_action


def test_every_journey_of_random_games_plays_out_event_by_event() -> None:
    rng = Random(8)
    played = 0
    for players in (3, 4):
        for _ in range(6):
            pos = Position.new_game(["red", "blue", "yellow", "violet"][:players])
            while not pos.is_over:
                action = random_action(pos, rng)
                if isinstance(action, Journey):
                    outcome = pos.play(action)
                    steps = play_out(pos, str(action))
                    assert tuple(s.event for s in steps) == outcome.events
                    assert steps[-1].position == outcome.position
                    # The board changes one traveller at a time, only on that traveller's type.
                    previous = pos
                    for step in steps:
                        if step.event is not None and step.event.kind == "traveller":
                            t = step.event.params["type"]
                            for village in (action.origin, action.destination):
                                for other in (
                                    previous.tiles(village).keys()
                                    | step.position.tiles(village).keys()
                                ):
                                    if other != t:
                                        assert previous.tile(village, other) == (
                                            step.position.tile(village, other)
                                        )
                            previous = step.position
                        assert step.words("pl") and step.words("en") and step.rule
                    played += 1
                pos = apply_unchecked(pos, action)
    assert played > 100


def test_a_refused_action_is_one_step_its_refusal() -> None:
    pos = Position.new_game(["red", "blue", "yellow"])
    (step,) = play_out(pos, "journey A B")
    assert step.rule == "SETUP-ORDER" and step.position == pos and step.event is None
    assert step.highlights[0].kind == "refused"


def test_a_placement_is_played_out_with_its_events() -> None:
    pos = Position.new_game(["red", "blue", "yellow"])
    steps = play_out(pos, "place healer A")
    assert [s.rule for s in steps] == [e.rule for e in pos.play("place healer A").events]
    assert steps[-1].position.tile("A", "healer") is not None


def test_the_students_of_a_recruit_arrive_one_at_a_time() -> None:
    pos = Position.from_compact("rbyv r play r6/r6/7/7/7/7/7/7/7/7/7/7/7 - -")
    first, second = play_out(pos, "recruit rainmaker A rainmaker B")
    assert first.position.tile("A", "rainmaker").student  # type: ignore[union-attr]
    assert not first.position.tile("B", "rainmaker").student  # type: ignore[union-attr]
    assert second.position == pos.play("recruit rainmaker A rainmaker B").position
    assert [h.village for h in first.highlights] == ["A"]
