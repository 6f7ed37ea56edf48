"""Tests of the meeple server (REST, WebSocket, storage, clocks, bots)."""
