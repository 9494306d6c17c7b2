"""The exercises' sentences (questions, options, what was misread) are the ``exercise.``
keys of the package's words (``shangrila_widget/data/words/<lang>.json``)."""

from __future__ import annotations

from shangrila_widget.rules.messages import Language, check_language, colour_name, say


def words(key: str, lang: Language, **params: object) -> str:
    """The exercise sentence ``key`` in ``lang`` with its parameters filled in (a colour or
    master type key in a ``player``, ``colour`` or ``type`` field is said as its name).

    >>> words("o_legal", "pl")
    'Dozwolony'
    """
    return say(f"exercise.{key}", lang, **params)


__all__ = ["check_language", "colour_name", "words"]
