"""Helpers shared by the tests, each defined once; import them by dotted name
(``from tests.support.widget import click_space``).

``positions``
    The players (``FOUR``, ``THREE``), compact position building (``make``, ``board``), seeded
    random games and the rulebook's worked examples from the package's tour data.
``rules``
    Assertions of the rules tests: ``refused``/``played`` (check() and play() agree), event
    rule ids, supply changes, messages in both languages.
``render``
    The ipycanvas message capture (``captured``, ``decode``) and two seeded games as fixtures.
``widget``
    Front-end messages the way a browser sends them (``from_browser``, ``click_space``,
    ``press``) and the sentences of each language (``foreign_sentences``).
``browser``
    Real-browser support: Voila/JupyterLab servers, canvas pixels and clicks in Chromium.
``board``
    Where things of a board are on its canvas in the page, and their colours.
``imports``
    What the test processes and servers leave unimported because it is slow to import and no
    test depends on it (jsonschema's optional rfc3987-syntax: 3 s per Jupyter server).
``lite_standins``
    Test-only pure-Python stand-ins for numpy and Pillow in the offline JupyterLite test.
"""
