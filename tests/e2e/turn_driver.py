"""Helpers for the turn-based end-to-end tests (issue 41): a `meeple serve` whose wall
clock a test moves (``MEEPLE_FAKE_TIME``), a local SMTP server that keeps what it is
sent (aiosmtpd), and a player on a match socket who plays random legal moves with an
account's session cookie (the bulk of a long game; the browser does the rest)."""

from __future__ import annotations

import email
import email.policy
import json
import os
import random
import re
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from websockets.sync.client import connect


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class FakeTime:
    """The offset file the servers read: ``advance(seconds)`` moves their wall clock."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.offset = 0.0
        path.write_text("0")

    def advance(self, seconds: float) -> None:
        self.offset += seconds
        self.path.write_text(repr(self.offset))
        time.sleep(0.3)  # the servers read it again within 0.05 s, and look at clocks every 0.2 s

    def now(self) -> float:
        return time.time() + self.offset


class Inbox:
    """An aiosmtpd handler that keeps every message."""

    def __init__(self) -> None:
        self.messages: list[Any] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.messages.append(
            email.message_from_bytes(envelope.content, policy=email.policy.default)
        )
        return "250 OK"

    def wait(self, count: int, timeout: float = 20.0) -> None:
        deadline = time.monotonic() + timeout
        while len(self.messages) < count:
            if time.monotonic() > deadline:
                raise AssertionError(f"{len(self.messages)} mail(s), not {count}")
            time.sleep(0.05)


class ServeProcess:
    """`meeple serve` on a fixed port (pages reconnect to it across a restart)."""

    def __init__(self, database: Path, fake: FakeTime, extra: list[str]) -> None:
        self.database = database
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = dict(os.environ, PYTHONUNBUFFERED="1", MEEPLE_FAKE_TIME=str(fake.path))
        self.extra = extra
        self.proc: subprocess.Popen[str] | None = None
        self.output: list[str] = []

    def start(self) -> None:
        cmd = [
            sys.executable, "-m", "meeple", "serve", "--port", str(self.port),
            "--database", str(self.database), "--bot-delay", "0", "--create-rate", "0",
            *self.extra,
        ]  # fmt: skip
        proc = subprocess.Popen(
            cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=self.env
        )
        self.proc = proc
        ready = threading.Event()

        def pump() -> None:
            assert proc.stdout is not None
            for line in proc.stdout:
                self.output.append(line)
                if "serving on" in line:
                    ready.set()
            ready.set()

        threading.Thread(target=pump, daemon=True).start()
        if not ready.wait(60) or proc.poll() is not None:
            raise AssertionError("meeple serve did not start:\n" + "".join(self.output))

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)


class SocketPlayer:
    """A seat on a match socket, by its account's session cookie (no browser)."""

    def __init__(self, url: str, match_id: str, session: str) -> None:
        ws_url = url.replace("http://", "ws://") + f"/ws/match/{match_id}"
        opened = connect(ws_url, additional_headers={"Cookie": f"meeple_session={session}"})
        self.ws = opened.__enter__()  # closed by close()
        self.last: dict[str, Any] = {}
        self.state()

    def state(self) -> dict[str, Any]:
        """The current state: ask for it whole, read until the answer to a ping after it."""
        self.ws.send(json.dumps({"type": "sync"}))
        self.ws.send(json.dumps({"type": "ping"}))
        while True:
            msg = json.loads(self.ws.recv(timeout=20))
            if msg["type"] == "pong":
                return self.last
            if msg["type"] == "state":
                if "match" not in msg:
                    msg["match"] = {**self.last.get("match", {}), "moves": msg["moves"]}
                self.last = msg

    def act(self, code: int, state_id: str) -> None:
        """Send an action and wait for the state that follows it (stored and broadcast)."""
        self.ws.send(json.dumps({"type": "action", "state_id": state_id, "code": code}))
        while True:
            msg = json.loads(self.ws.recv(timeout=20))
            if msg["type"] == "error":
                raise AssertionError(f"refused: {msg}")
            if msg["type"] == "state" and msg["state_id"] != state_id:
                return

    def close(self) -> None:
        self.ws.close()


def play_moves(
    players: dict[int, SocketPlayer],
    moves: int,
    rng: random.Random,
    fake: FakeTime,
    hours: float = 0.0,
    until: Any = None,
    wait_bots: float = 0.0,
) -> dict[str, Any]:
    """Random legal moves by whichever of ``players`` may act, ``hours`` of fake time
    before each; stops after ``moves``, when ``until(state)`` holds, when the match ends,
    or when no seat here may act (after waiting up to ``wait_bots`` seconds for a bot's
    move). Returns the last state seen."""
    state: dict[str, Any] = {}
    done = 0
    idle_since: float | None = None
    while done < moves:
        for player in players.values():
            state = player.state()
            if state["status"] != "running" or (until is not None and until(state)):
                return state
            if state["legal"]:
                if hours:
                    fake.advance(hours * 3600)
                    state = player.state()
                    if not state["legal"]:
                        break
                entry = rng.choice(state["legal"])
                player.act(entry["code"], state["state_id"])
                done += 1
                idle_since = None
                break
        else:  # nobody here may act: a bot's turn, or a late seat's
            now = time.monotonic()
            idle_since = now if idle_since is None else idle_since
            if now - idle_since >= wait_bots:
                return state
            time.sleep(0.05)
    return state


def unsubscribe_link(message: Any) -> str:
    body = message.get_body(("plain",)).get_content()
    found = re.search(r"https?://\S+/notices/unsubscribe\?token=\S+", body)
    assert found is not None, body
    return found.group(0)
