"""The widgets' own sentences exist in both languages with the same placeholders."""

from __future__ import annotations

import string

import pytest

from shangrila_widget.rules.messages import TEMPLATES
from shangrila_widget.widget.texts import UI_TEXT


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("key", sorted(UI_TEXT))
def test_ui_text_has_both_languages_with_the_same_fields(key: str) -> None:
    en, pl = UI_TEXT[key]["en"], UI_TEXT[key]["pl"]
    assert en and pl
    assert fields(en) == fields(pl)


@pytest.mark.parametrize("key", sorted(TEMPLATES))
def test_engine_templates_fill_the_same_facts_in_both_languages(key: str) -> None:
    def base(name: str) -> str:
        return name.removesuffix("_gen").removesuffix("_acc").removesuffix("_a")

    en, pl = TEMPLATES[key]["en"], TEMPLATES[key]["pl"]
    assert en != pl
    assert {base(f) for f in fields(en)} == {base(f) for f in fields(pl)}, key
