"""The browser client: static files under ``static/`` that the server serves.

The one Python module here, :mod:`meeple.web.components`, writes the games'
component tables into ``static/js/games/`` from their declared plug-ins.
"""

from pathlib import Path

#: The folder of the browser's files. The server serves it as it is; no Python module
#: outside this package reads it (a game's words come from its text.py, sent by the
#: server: ``tests/test_roles.py`` scans the source for paths into it).
STATIC = Path(__file__).resolve().parent / "static"
