"""Deprecated: the board picture's legend widget is :mod:`shangrila_widget.widget.legend`."""

from shangrila_widget.widget.legend import Legend, PictureKey

__all__ = ["Legend", "PictureKey"]
