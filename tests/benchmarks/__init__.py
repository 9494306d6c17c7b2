"""The benchmarks' own maths (no timed tests): the ladder's ratings and its entrant specs."""
