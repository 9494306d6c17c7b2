"""The exercises notebook in Voila and Chromium, as a learner and as a presenter use it: a drawn
board, an answer by clicking an option, the verdict and the play-out step by step, a wrong
answer's misreading named, the presenter's reveal, and Polish; and in JupyterLab 4 the
every-space-that-changes exercise answered by clicking spaces on the board, then Done.
(Notebook 7 has its test in test_notebook7_browser.py, beside its server.)
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from shangrila_widget.exercises import exercises_on, generate, play_out
from shangrila_widget.rules.messages import say
from shangrila_widget.widget import Exercises
from shangrila_widget.widget.exercises import in_steps
from tests.support.board import CANVAS
from tests.support.browser import wait_for_canvas_pixels
from tests.support.paths import EXAMPLES

if TYPE_CHECKING:
    from tests.browser.conftest import BoardOpener

NOTEBOOK = EXAMPLES / "exercises.ipynb"
ROOT = ".shangrila-exercises"
VERDICT = ".shangrila-exercise-verdict"
STEP = ".shangrila-exercise-step-text"
SET = in_steps(10, 1)  # what the notebook shows: Exercises(seed=1), in steps


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
    expect(root).to_contain_text(first.question.text("en"))

    # A right answer: the verdict, and the board plays the action out one event at a time,
    # each with its rule id: Next step and Back go through them.
    assert first.action is not None
    steps = play_out(first.position, first.action)
    root.get_by_role("button", name=first.answer.text.text("en"), exact=True).click()
    expect(page.locator(VERDICT)).to_contain_text(say("ui.exercise_right", "en"))
    message = page.locator(STEP)
    expect(message).to_contain_text(steps[0].rule)
    of = say("exercise.step_of", "en", number=1, total=len(steps))
    expect(root.locator(".shangrila-exercise-steps")).to_contain_text(of)
    next_step = root.get_by_role("button", name=say("exercise.step_next", "en"))
    next_step.click()
    expect(message).to_contain_text(steps[1].rule)
    expect(message).to_contain_text(steps[1].words("en")[:40])
    save_screenshot("right-step-2")
    root.get_by_role("button", name=say("exercise.step_back", "en")).click()
    expect(message).to_contain_text(steps[0].rule)
    save_screenshot("right")

    # A wrong answer names what was misread.
    root.get_by_role("button", name=say("ui.exercise_next", "en")).click()
    expect(root).to_contain_text(second.question.text("en"))
    wrong = next(o for o in second.options if not o.correct)
    root.get_by_role("button", name=wrong.text.text("en"), exact=True).click()
    expect(page.locator(VERDICT)).to_contain_text(second.explain(wrong, "en"))
    save_screenshot("wrong")

    # Presenter mode: the answer waits for Reveal.
    expect(root.get_by_role("button", name="✓ " + second.answer.text.text("en"))).to_be_visible()
    expect(root.get_by_role("button", name="✗ " + wrong.text.text("en"))).to_be_visible()
    root.get_by_role("button", name=say("ui.exercise_presenter", "en")).click()
    root.get_by_role("button", name=say("ui.exercise_next", "en")).click()
    expect(root).to_contain_text(third.question.text("en"))
    root.get_by_role("button", name=third.answer.text.text("en"), exact=True).click()
    expect(page.locator(VERDICT)).to_have_text("")
    root.get_by_role("button", name=say("ui.exercise_reveal", "en")).click()
    expect(page.locator(VERDICT)).to_contain_text(say("ui.exercise_right", "en"))
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
    expect(root).to_contain_text(third.question.text("pl"))
    expect(root.get_by_role("button", name=say("ui.exercise_next", "pl"))).to_be_visible()
    save_screenshot("pl")


def test_every_space_that_changes_clicked_on_the_board_in_jupyterlab(
    open_board: BoardOpener, save_screenshot: Callable[..., Path]
) -> None:
    from playwright.sync_api import expect

    source = (
        "from shangrila_widget.exercises import generate\n"
        "from shangrila_widget.widget import Exercises\n\n"
        'Exercises(generate(2, seed=3, kinds=["find_changes"]))'
    )
    page = open_board("changes.ipynb", cells=[source], env="lab", viewport=(1280, 720))
    root = page.locator(ROOT)
    wait_for_canvas_pixels(page)
    exercise = generate(2, seed=3, kinds=["find_changes"])[0]
    expect(root).to_contain_text(exercise.question.text("en"))
    layout = Exercises([exercise]).board.canvas.scene.layout  # the picture's own geometry
    canvas = page.locator(CANVAS).first
    box = canvas.bounding_box()
    assert box is not None
    scale = box["width"] / layout.width
    right = exercise.answer.claims["spaces"]
    for village, master_type in right:
        space = layout.space(village, master_type)
        page.mouse.click(box["x"] + space.cx * scale, box["y"] + space.cy * scale)
    message = page.locator(".shangrila-message")
    expect(message).to_contain_text(say("exercise.spaces_chosen", "en", spaces="")[:7])
    save_screenshot("lab-spaces-chosen")
    root.get_by_role("button", name=say("exercise.done", "en"), exact=True).click()
    expect(page.locator(VERDICT)).to_contain_text(say("ui.exercise_right", "en"))
    # The play-out begins: the journey sets off, with its rule id, under the verdict.
    steps = play_out(exercise.position, str(exercise.action))
    message = page.locator(STEP)
    expect(message).to_be_visible()
    expect(message).to_contain_text(steps[0].rule)
    for _ in steps[1:]:
        root.get_by_role("button", name=say("exercise.step_next", "en")).click()
    expect(message).to_contain_text(steps[-1].rule)
    last = say("exercise.step_of", "en", number=len(steps), total=len(steps))
    expect(root.locator(".shangrila-exercise-steps")).to_contain_text(last)
    save_screenshot("lab-changes-played-out")
