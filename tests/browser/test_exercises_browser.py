"""The exercises notebook in Voila and Chromium, as a learner and as a presenter use it: a drawn
board, an answer by clicking an option, the verdict and the play-out, a wrong answer's
misreading named, the presenter's reveal, and Polish.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from shangrila_widget.exercises import exercises_on, generate
from shangrila_widget.widget.texts import ui_text
from tests.support.browser import wait_for_canvas_pixels
from tests.support.paths import EXAMPLES

if TYPE_CHECKING:
    from tests.browser.conftest import BoardOpener

NOTEBOOK = EXAMPLES / "exercises.ipynb"
ROOT = ".shangrila-exercises"
VERDICT = ".shangrila-exercise-verdict"
SET = generate(10, 1)  # what the notebook shows: Exercises(seed=1)


def test_answer_right_then_wrong_then_reveal_as_a_presenter_then_polish(
    open_board: BoardOpener, save_screenshot: Callable[..., Path]
) -> None:
    from playwright.sync_api import expect

    page = open_board(NOTEBOOK, env="voila", viewport=(1280, 720))
    root = page.locator(ROOT)
    wait_for_canvas_pixels(page)  # the board is drawn, not blank
    first, second = SET[0], SET[1]
    # After a wrong answer, the first rule missed comes back first, in a new exercise.
    (third,) = exercises_on([second.rules[0]], 1, 1 + len(SET))
    expect(root).to_contain_text(first.question.say("en"))

    # A right answer: the verdict, and the board plays the action out (its rule ids shown).
    root.get_by_role("button", name=first.answer.text.say("en"), exact=True).click()
    expect(page.locator(VERDICT)).to_contain_text(ui_text("exercise_right", "en"))
    expect(page.locator(".shangrila-message")).to_contain_text("JOURNEY-STRENGTH")
    save_screenshot("right")

    # A wrong answer names what was misread.
    root.get_by_role("button", name=ui_text("exercise_next", "en")).click()
    expect(root).to_contain_text(second.question.say("en"))
    wrong = next(o for o in second.options if not o.correct)
    root.get_by_role("button", name=wrong.text.say("en"), exact=True).click()
    expect(page.locator(VERDICT)).to_contain_text(second.explain(wrong, "en"))
    save_screenshot("wrong")

    # Presenter mode: the answer waits for Reveal.
    expect(root.get_by_role("button", name="✓ " + second.answer.text.say("en"))).to_be_visible()
    expect(root.get_by_role("button", name="✗ " + wrong.text.say("en"))).to_be_visible()
    root.get_by_role("button", name=ui_text("exercise_presenter", "en")).click()
    root.get_by_role("button", name=ui_text("exercise_next", "en")).click()
    expect(root).to_contain_text(third.question.say("en"))
    root.get_by_role("button", name=third.answer.text.say("en"), exact=True).click()
    expect(page.locator(VERDICT)).to_have_text("")
    root.get_by_role("button", name=ui_text("exercise_reveal", "en")).click()
    expect(page.locator(VERDICT)).to_contain_text(ui_text("exercise_right", "en"))
    # In presenter mode the question, the options and the verdict read from the back row
    # (at least 20 px) and stand first beside the board, inside the window.
    for selector in (".shangrila-exercise-question", ".shangrila-exercise-option", VERDICT):
        size = page.locator(selector).first.evaluate(
            "e => parseFloat(getComputedStyle(e).fontSize)"
        )
        assert size >= 20, (selector, size)
    box = page.locator(".shangrila-exercise-question").bounding_box()
    assert box is not None and box["y"] + box["height"] <= 720, box
    save_screenshot("presenter-revealed")

    # One language switch (the board's PL button) for every word of the exercises.
    root.get_by_role("button", name="PL", exact=True).click()
    expect(root).to_contain_text(third.question.say("pl"))
    expect(root.get_by_role("button", name=ui_text("exercise_next", "pl"))).to_be_visible()
    save_screenshot("pl")
