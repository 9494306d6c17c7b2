"""The test suite of shangrila_widget: a package, so every test module and ``tests.support``
import by their dotted names (``from tests.support.widget import click_space``) from the
repository root, with no ``sys.path`` edits."""
