"""Benchmarks: scripts that print figures (run them with ``python benchmarks/<name>.py``)."""
