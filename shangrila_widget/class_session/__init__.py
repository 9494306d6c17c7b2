"""A class that answers together: students join from their phones, the teacher's widget
shows what the class misreads (pure Python and a Tornado server; no widget imports).

- :mod:`.lesson`: which exercises, what a phone may see, how an answer is judged;
- :mod:`.store`: the class's SQLite file;
- :mod:`.server`: the students' page and websocket, and the teacher's API;
- :mod:`.launch`: :func:`~.launch.start_server`, the server in its own process.
"""
