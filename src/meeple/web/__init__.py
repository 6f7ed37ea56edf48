"""The browser client: static files under ``static/`` that the server serves.

The one Python module here, :mod:`meeple.web.components`, writes the games'
component tables into ``static/js/games/`` from their declared plug-ins.
"""
