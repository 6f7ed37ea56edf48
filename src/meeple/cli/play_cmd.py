"""``meeple play GAME``: one human in the terminal against bots.

The session reads standard input line by line (never raw keys), so it works
the same at a terminal, in a pipe and in tests. Every entry is checked against
``legal_actions`` before anything changes: a wrong number, an unknown text or
an illegal action only prints a message. Undo follows the core policy
(:meth:`Match.undo`): only your own actions of the current turn, back to the
last one that revealed information.

When several seats act at once (a simultaneous turn), the bots commit first
and the human last; what the human then sees of the bots' choices is what the
game's view and ``redact_action`` allow, as always.
"""

from __future__ import annotations

import argparse
import contextlib
import secrets
import sys
import unicodedata
from typing import TextIO

from meeple.cli.common import (
    BotTable,
    add_game_arguments,
    default_bot_spec,
    format_number,
    game_from_args,
    save_record,
    split_bot_specs,
    timestamp,
)
from meeple.cli.i18n import LANGS, check_lang, tr
from meeple.cli.render import TextRenderer
from meeple.core.actions import Action
from meeple.core.errors import ActionParseError, OptionError
from meeple.core.game import State
from meeple.core.match import Match


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "play",
        help="play a game in the terminal against bots",
        description="Play GAME in the terminal against bots. Type 'help' during the game.",
    )
    add_game_arguments(p)
    p.add_argument(
        "--bots",
        default=None,
        help="opponents for the other seats, comma-separated, repeated as needed "
        "(default: the game's heuristic bot, else greedy)",
    )
    p.add_argument("--seat", type=int, default=0, help="your seat, from 0 (default 0)")
    p.add_argument("--seed", type=int, default=None, help="match seed (default: random)")
    p.add_argument("--lang", default="en", help=f"language: {' or '.join(LANGS)} (default en)")
    p.add_argument("--save", metavar="DIR", default=None, help="save the match record in DIR")
    p.set_defaults(func=run)


class PlaySession:
    """The conversation with the human: prompts, parsing, undo, and what bots did."""

    def __init__(
        self,
        match: Match,
        table: BotTable,
        human: int,
        lang: str,
        stdin: TextIO,
        stdout: TextIO,
    ) -> None:
        self.match = match
        self.table = table
        self.human = human
        self.lang = lang
        self.stdin = stdin
        self.out = stdout
        self.text = TextRenderer(match.game, lang)
        self.echo = not _isatty(stdin)
        match.listeners.append(self._announce)

    # -- output -----------------------------------------------------------

    def say(self, line: str = "") -> None:
        print(line, file=self.out, flush=True)

    def who(self, seat: int | None) -> str:
        if seat is None:
            return tr("chance", self.lang)
        if seat == self.human:
            return tr("seat_you", self.lang, n=seat + 1)
        return tr("seat_bot", self.lang, n=seat + 1, bot=self.table.specs[seat])

    def _announce(self, actor: int | None, action: Action, before: State) -> None:
        """Show every action but the human's own, as the human may see it."""
        if actor == self.human:
            return
        label = self.text.seen_label(before, action, actor, self.human)
        key = "chance_result" if actor is None else "played"
        self.say(tr(key, self.lang, who=self.who(actor), label=label))

    def draw(self) -> None:
        self.say()
        self.say(self.text.board(self.match.state, self.human))
        self.say()

    # -- the loop ---------------------------------------------------------

    def run(self) -> bool:
        """Play to the end; ``False`` if the human quit or input ended first."""
        state_drawn = False
        while not self.match.state.is_terminal():
            state = self.match.state
            if state.is_chance():
                self.match.resolve_chance()
                state_drawn = False
                continue
            seat = self.table.next_bot_seat()
            if seat is not None:
                self.table.step(seat)
                state_drawn = False
                continue
            if not state_drawn:
                self.draw()
                self.list_actions(self.legal())
                state_drawn = True
            outcome = self.ask()
            if outcome == "quit" or outcome == "eof":
                self.say(tr(outcome, self.lang))
                return False
            if outcome in ("played", "redraw"):
                state_drawn = False
        return True

    def legal(self) -> list[Action]:
        return self.match.state.legal_actions(self.human)

    def list_actions(self, legal: list[Action]) -> None:
        self.say(tr("your_turn", self.lang, seat=tr("seat_name", self.lang, n=self.human + 1)))
        width = len(str(len(legal)))
        for i, action in enumerate(legal, 1):
            self.say(f"  {i:>{width}}. {self.text.label(action)}")

    def ask(self) -> str:
        """One prompt: returns "played", "quit", "eof", "redraw" or "stay"."""
        legal = self.legal()
        line = self.read_line(tr("prompt", self.lang, n=len(legal)))
        if not line:
            self.say()
            return "eof"
        entry = " ".join(line.split())
        if self.echo:
            self.say(entry)
        command = entry.lower()
        if command in ("quit", "exit", "q"):
            return "quit"
        if command in ("help", "?", "h"):
            self.say(tr("help", self.lang))
            return "stay"
        if command in ("board", "show"):
            return "redraw"
        if command == "undo":
            return self.undo()
        if not entry:
            self.say(tr("empty", self.lang))
            return "stay"
        action = self.interpret(entry, legal)
        if action is None:
            return "stay"
        self.match.play(action, self.human)
        return "played"

    def read_line(self, prompt: str) -> str:
        """One line of input ("" at end of input).

        At a real terminal this goes through :func:`input`, which gives line
        editing and history when the platform has :mod:`readline`; pipes and
        tests read the stream directly.
        """
        if not self.echo and self.stdin is sys.stdin and self.out is sys.stdout:
            try:
                return input(prompt) + "\n"
            except EOFError:
                return ""
        print(prompt, end="", file=self.out, flush=True)
        return self.stdin.readline()

    def undo(self) -> str:
        if not self.match.can_undo(self.human):
            self.say(tr("cannot_undo", self.lang))
            return "stay"
        action = self.match.undo(self.human)
        self.say(tr("undone", self.lang, label=self.text.label(action)))
        return "redraw"

    def interpret(self, entry: str, legal: list[Action]) -> Action | None:
        """The legal action ``entry`` names, or ``None`` after saying what is wrong."""
        if entry.lstrip("+-").isdigit():
            number = int(entry)
            if 1 <= number <= len(legal):
                return legal[number - 1]
            self.say(tr("bad_number", self.lang, number=number, n=len(legal)))
            return None
        wanted = entry.casefold()
        for action in legal:
            names = {str(action), self.text.label(action), self.text.label(action, "en")}
            if wanted in {" ".join(n.split()).casefold() for n in names}:
                return action
        try:
            self.match.game.parse_action(entry)
        except ActionParseError:
            self.say(tr("garbled", self.lang, text=entry))
            return None
        self.say(tr("illegal", self.lang, text=entry))
        return None

    def show_results(self) -> None:
        state = self.match.state
        self.draw()
        self.say()
        self.say(tr("game_over", self.lang))
        self.say(tr("results", self.lang))
        scores, ranks = state.scores(), state.ranks()
        for seat in sorted(range(len(ranks)), key=lambda s: (ranks[s], s)):
            self.say(
                tr(
                    "result_row",
                    self.lang,
                    rank=ranks[seat],
                    who=pad(self.who(seat), 24),
                    score=format_number(scores[seat]),
                )
            )
        mine = ranks[self.human]
        if mine == 1:
            key = "you_won" if ranks.count(1) == 1 else "you_tied"
            self.say(tr(key, self.lang))
        else:
            self.say(tr("you_lost", self.lang, rank=mine, n=len(ranks)))


def pad(text: str, width: int) -> str:
    """Left-justify by display width: CJK characters take two terminal columns."""
    used = sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in text)
    return text + " " * max(0, width - used)


def _isatty(stream: TextIO) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def run(args: argparse.Namespace) -> int:
    lang = check_lang(args.lang)
    game = game_from_args(args)
    if _isatty(sys.stdin):
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401  (importing it gives input() line editing)
    if not 0 <= args.seat < game.players:
        raise OptionError(f"--seat must be between 0 and {game.players - 1}, got {args.seat}")
    others = [s for s in range(game.players) if s != args.seat]
    specs = split_bot_specs(args.bots) if args.bots else [default_bot_spec(game.name, game.players)]
    if not args.bots and not others:
        specs = []  # a solo game: no opponents
    if len(specs) > len(others):
        raise OptionError(
            f"{len(specs)} bots given for {len(others)} other seat(s); give at most {len(others)}"
        )
    bots = {seat: specs[i % len(specs)] for i, seat in enumerate(others)}
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)

    match = Match(game, seed)
    table = BotTable(match, bots, seed)
    session = PlaySession(match, table, args.seat, lang, sys.stdin, sys.stdout)
    title = game.title_zh if lang == "zh-TW" and game.title_zh else game.title
    session.say(tr("welcome", lang, title=title, n=args.seat + 1, seat=args.seat))
    session.say(tr("seed", lang, seed=seed))
    session.say(tr("opponents", lang, bots=", ".join(session.who(s) for s in sorted(bots))))
    interrupted = False
    try:
        finished = session.run()
    except KeyboardInterrupt:  # Ctrl-C: still save what was played
        finished, interrupted = False, True
        session.say()
        session.say(tr("quit", lang))
    if finished:
        session.show_results()
    if args.save:
        meta = {
            "command": "play",
            "human_seat": args.seat,
            "bots": {str(s): spec for s, spec in bots.items()},
            "finished": finished,
            "saved_at": timestamp(),
        }
        path = save_record(match.record(meta), args.save, f"{game.name}-seed{seed}-{timestamp()}")
        session.say(tr("saved", lang, path=path))
    return 130 if interrupted else 0
