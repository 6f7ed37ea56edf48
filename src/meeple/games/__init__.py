"""One package per game. Rules never import the server, bots or UI."""
