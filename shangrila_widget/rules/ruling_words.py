"""The rulings' sentences: the ``ruling.`` keys of the package's words, said in English or
Polish.

>>> say("legal_if.one", "en", a="the bridge A-B still stood")
'Legal if the bridge A-B still stood.'
"""

from __future__ import annotations

from shangrila_widget.rules.messages import Language
from shangrila_widget.rules.messages import say as say_words


def say(key: str, lang: Language, /, **params: object) -> str:
    """One of the rulings' sentences (the ``ruling.`` keys of the package's words) in
    ``lang``; a colour or master type key is named by the words themselves."""
    return say_words(f"ruling.{key}", lang, **params)


__all__ = ["say"]
