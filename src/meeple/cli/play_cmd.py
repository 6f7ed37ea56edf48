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
import os
import re
import secrets
import select
import sys
import time
from collections.abc import Callable
from typing import TextIO

from meeple.cli import menu
from meeple.cli.argtypes import whole_number
from meeple.cli.common import (
    BotTable,
    add_game_arguments,
    default_bot_spec,
    game_from_args,
    save_record,
    split_bot_specs,
    timestamp,
)
from meeple.cli.i18n import LANGS, bot_name, check_lang, command_of, tr
from meeple.cli.render import TextRenderer, changes, fit
from meeple.cli.results import result_lines
from meeple.core.actions import Action
from meeple.core.errors import ActionParseError, OptionError
from meeple.core.game import State
from meeple.core.labels import says_more
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
    p.add_argument(
        "--seat",
        type=whole_number,
        default=0,
        help="your seat, counted from 0: 0 plays as player 1, 1 as player 2 (default 0)",
    )
    p.add_argument("--seed", type=whole_number, default=None, help="match seed (default: random)")
    p.add_argument("--lang", default="en", help=f"language: {' or '.join(LANGS)} (default en)")
    p.add_argument("--save", metavar="DIR", default=None, help="save the match record in DIR")
    p.set_defaults(func=run)


#: At the start of a turn, the most changed lines shown instead of the whole board.
TURN_CHANGES = 40

#: What a "yes" to a game's question may be typed as, in either language.
YES = frozenset({"y", "yes", "是", "是的", "好", "確定"})


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
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.match = match
        self.table = table
        self.human = human
        self.lang = lang
        self.stdin = stdin
        self.out = stdout
        self.text = TextRenderer(match.game, lang)
        self.text.context = lambda: self.match.state  # menus name actions where they are legal
        self.echo = not _isatty(stdin)
        #: The numbered lines shown last (a number picks among them), and
        #: whether they are an opened group's ('back' lists the whole menu).
        self.menu: list[menu.Entry] = []
        self.in_group = False
        #: The game's own round clock (``State.round_timer``): when each timed
        #: action falls due, on ``clock`` (seconds; a test passes its own).
        self.clock = clock
        self.deadlines: dict[Action, float] = {}
        self.timed: Action | None = None
        #: The board as the human last saw it (whole, or brought up to date by its
        #: changes), and whether anyone else (a seat, chance, the clock) acted since:
        #: then the next screen draws the whole board, else only what changed.
        self.shown: str | None = None
        self.others_acted = False
        #: Each action of the history as the human read it (by its place in the
        #: history), so a refused undo can name what stands in its way.
        self.read: dict[int, str] = {}
        match.listeners.append(self._announce)

    # -- output -----------------------------------------------------------

    def say(self, line: str = "") -> None:
        """Print ``line``, broken to the terminal's 80 columns (:func:`render.fit`)."""
        print(fit(line), file=self.out, flush=True)

    def who(self, seat: int | None) -> str:
        if seat is None:
            return tr("chance", self.lang)
        if seat == self.human:
            return tr("seat_you", self.lang, n=seat + 1)
        spec = self.table.specs.get(seat)
        if spec is None:  # a seat no bot plays (another person's)
            return tr("seat_name", self.lang, n=seat + 1)
        return tr("seat_bot", self.lang, n=seat + 1, bot=bot_name(spec, self.lang))

    def _announce(self, actor: int | None, action: Action, before: State) -> None:
        """Show every action but the human's own, as the human may see it; the human's
        own only when the game's log says more than its label: what the rules then
        did without asking (ICE's camp moved to the one spot that fits, Viscounts'
        solo AI turn)."""
        label = self.text.seen_label(before, action, actor, self.human)
        if actor == self.human:
            plain = self.text.label_in(before, action)
            self.read[len(self.match.history) - 1] = plain
            if says_more(before, action, actor, label, self.lang):
                self.say(tr("played", self.lang, who=self.who(actor), label=label))
            return
        self.read[len(self.match.history) - 1] = label
        self.others_acted = True
        if actor is None and self.timed == action:
            self.say(tr("clock_action", self.lang, label=self.text.label(action)))
            return
        key = "chance_result" if actor is None else "played"
        self.say(tr(key, self.lang, who=self.who(actor), label=label))

    def draw(self, whole: bool = False) -> None:
        """The board: whole at the first prompt, when ``whole`` is asked ('board') and
        when much of it changed; otherwise only its lines that changed since it was last
        shown (:func:`render.changes`): between two choices of one turn, and at the
        start of a turn when the others' moves changed at most :data:`TURN_CHANGES`
        lines (their moves are told line by line above it). So a screen between two
        prompts fits a terminal (GAME-CHECKLIST item 14), the whole board one word away."""
        board = self.text.board(self.match.state, self.human)
        lines = None
        if not whole and self.shown is not None:
            lines = changes(self.shown, board, tr("gone", self.lang))
            if lines is not None and self.others_acted and len(lines) > TURN_CHANGES:
                lines = None  # a whole round went by: the board reads better whole
        since = self.others_acted
        self.shown, self.others_acted = board, False
        self.say()
        if lines is None:
            self.say(board)
        elif lines:
            self.say(tr("changes_since" if since else "changes", self.lang))
            for line in lines:
                self.say(line)
        else:
            self.say(tr("no_changes", self.lang))
        self.say()

    # -- the loop ---------------------------------------------------------

    def run(self) -> bool:
        """Play to the end; ``False`` if the human quit or input ended first."""
        state_drawn = False
        whole = True
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
            if self.clock_ran_out():
                state_drawn = False
                continue
            if not self.legal() and self.wait_for_clock():
                state_drawn = False
                continue
            if not state_drawn:
                self.draw(whole)
                self.list_actions(self.legal())
                state_drawn, whole = True, False
            outcome = self.ask()
            if outcome == "quit" or outcome == "eof":
                self.say(tr(outcome, self.lang))
                return False
            if outcome in ("played", "redraw", "board"):
                state_drawn, whole = False, outcome == "board"
        return True

    def legal(self) -> list[Action]:
        return self.match.state.legal_actions(self.human)

    def list_actions(self, legal: list[Action]) -> None:
        """The whole menu: every legal action, long lists grouped (:mod:`meeple.cli.menu`)."""
        self.say(tr("your_turn", self.lang, seat=tr("seat_name", self.lang, n=self.human + 1)))
        self.show(
            menu.entries(legal, self.text.label, number=self.text.number, region=self.text.region)
        )

    def show(self, entries: list[menu.Entry], heading: str | None = None) -> None:
        """List ``entries`` and make them the ones a number picks.

        ``heading`` introduces an opened group (or the actions some text could
        mean), from which 'back' returns. A long list of one kind (every
        place for one piece) is headed by the words its labels share and
        lists only what differs, in columns.
        """
        self.menu = entries
        self.in_group = heading is not None
        shared = ("", "")
        if heading is None and len(entries) > menu.LIMIT:  # one kind of action, many places
            shared = menu.shared([e.text for e in entries])
            if any(shared):
                heading = tr("one_kind", self.lang, text=menu.group_name(*shared))
        regions = [e for e in entries if e.region is not None]
        if regions:  # one kind of action, many places, split by the board's regions
            place = menu.middle(self.text.label(regions[0].actions[0]), *regions[0].shared)
            line = tr("by_region", self.lang, example=re.split(r"[\s,，(（]", place)[0])
            what = menu.heading(entries, self.text.label) if heading is None else None
            if what:  # the whole menu: say what its one kind of action is
                heading = tr("by_region_of", self.lang, what=what, then=line)
            else:
                line = tr("by_region_alone", self.lang, then=line[0].upper() + line[1:])
                heading = line if heading is None else f"{heading}\n{line}"
        if heading is not None:
            self.say(heading)
        digits = len(str(max(e.number for e in entries)))
        cells = []
        for e in entries:
            text = menu.middle(e.text, *shared)
            if e.action is None:
                text = tr("group", self.lang, text=e.text, n=len(e.actions))
            cells.append(f"{e.number:>{digits}}. {text}")
        if len(cells) > menu.LIMIT:
            cells = menu.columns(cells, menu.WIDTH - 2)
        for line in cells:
            self.say("  " + line)

    def ask(self) -> str:
        """One prompt: returns "played", "quit", "eof", "redraw" (what changed), "board"
        (the whole board) or "stay"."""
        legal = self.legal()
        numbers = [e.number for e in self.menu]
        key = "prompt_group" if self.in_group else "prompt"
        prompt = tr(key, self.lang, numbers=number_range(numbers))
        due = self.deadline()
        if due is not None:
            left = max(0, int(due[1] - self.clock()))
            prompt = tr("time_left", self.lang, m=left // 60, s=left % 60) + prompt
        line = self.read_line(prompt, None if due is None else due[1])
        if line is None or self.clock_ran_out():  # the clock ran out while we waited
            if line is None:
                self.say()
                self.expire()
            return "played"
        if not line:
            self.say()
            return "eof"
        entry = " ".join(line.split())
        if self.echo:
            self.say(entry)
        command = command_of(entry)
        if command == "quit":
            return "quit"
        if command == "help":
            self.say(tr("help", self.lang))
            return "stay"
        if command == "board":
            return "board"
        if command == "back":
            self.list_actions(legal)
            return "stay"
        if command == "undo":
            return self.undo()
        if not entry:
            self.say(tr("empty", self.lang))
            return "stay"
        action = self.interpret(entry, legal)
        if action is None or not self.confirmed(action):
            return "stay"
        self.match.play(action, self.human)
        return "played"

    def confirmed(self, action: Action) -> bool:
        """Whether to take ``action``: yes at once, unless the game asks first (its
        ``confirm`` plug-in: "Print now? Your page would miss ...") and the answer is
        not yes."""
        ask = self.match.game.plugins.confirm
        question = ask(self.match.state, action, self.human, self.lang) if ask else None
        if question is None:
            return True
        self.say(question)
        answer = self.read_line(tr("confirm", self.lang)) or ""
        if self.echo:
            self.say(answer.strip())
        if answer.strip().casefold() in YES:
            return True
        self.say(tr("not_taken", self.lang))
        return False

    def read_line(self, prompt: str, deadline: float | None = None) -> str | None:
        """One line of input ("" at end of input; ``None``: ``deadline`` came first).

        At a real terminal this goes through :func:`input`, which gives line
        editing and history when the platform has :mod:`readline`; pipes and
        tests read the stream directly. A deadline (a round's clock) is kept
        while waiting where the stream can be watched (a terminal or a pipe
        on POSIX); elsewhere the line is read and then found too late.
        """
        if deadline is not None and _watchable(self.stdin):
            print(prompt, end="", file=self.out, flush=True)
            prompt = ""
            wait = max(0.0, deadline - self.clock())
            if not select.select([self.stdin], [], [], wait)[0]:
                return None
        if not self.echo and self.stdin is sys.stdin and self.out is sys.stdout:
            try:
                return input(prompt) + "\n"
            except EOFError:
                return ""
        print(prompt, end="", file=self.out, flush=True)
        return self.stdin.readline()

    # -- the game's own clock -------------------------------------------------

    def deadline(self) -> tuple[Action, float] | None:
        """The timed action the game's clock runs towards now, and when it falls due."""
        timer = self.match.state.round_timer()
        if timer is None:
            return None
        seconds, action = timer
        if action not in self.deadlines:
            self.deadlines[action] = self.clock() + seconds
            minutes, rest = divmod(int(seconds), 60)
            self.say(tr("clock_starts", self.lang, m=minutes, s=rest))
        return action, self.deadlines[action]

    def clock_ran_out(self) -> bool:
        """Play the timed action if its time has come (as the server's clock does)."""
        due = self.deadline()
        if due is None or self.clock() < due[1]:
            return False
        self.expire()
        return True

    def wait_for_clock(self) -> bool:
        """Nothing to do but wait for the round's clock (everyone else done): wait, then play it."""
        due = self.deadline()
        if due is None:
            return False
        self.say(tr("waiting_clock", self.lang))
        time.sleep(max(0.0, due[1] - self.clock()))
        self.expire()
        return True

    def expire(self) -> None:
        due = self.deadline()
        if due is None:
            return
        self.timed = due[0]
        try:
            self.match.play(due[0])
        finally:
            self.timed = None

    def undo(self) -> str:
        if not self.match.can_undo(self.human):
            self.say(self.why_no_undo())
            return "stay"
        action = self.match.undo(self.human)
        self.say(tr("undone", self.lang, label=self.text.label(action)))
        return "redraw"

    def why_no_undo(self) -> str:
        """Why 'undo' is refused now: nothing of the human's in this turn, or what was
        revealed since (an action of theirs that showed something hidden, or chance)."""
        history = self.match.history
        mine = next((i for i in range(len(history) - 1, -1, -1) if history[i][0] is not None), -1)
        if (
            mine < 0
            or history[mine][0] != self.human
            or self.human not in self.match.state.turn().seats
        ):
            return tr("cannot_undo", self.lang)
        last = len(history) - 1
        if mine < last:  # chance acted after the human's last action
            return tr("cannot_undo_chance", self.lang, label=self.read.get(last, "?"))
        if self.match.revealed(mine):
            return tr("cannot_undo_revealed", self.lang, label=self.read.get(mine, "?"))
        return tr("cannot_undo", self.lang)

    def interpret(self, entry: str, legal: list[Action]) -> Action | None:
        """The legal action ``entry`` names, or ``None`` after saying what is wrong
        (or after opening the group it names)."""
        if entry.lstrip("+-").isdigit():
            return self.pick(int(entry))
        wanted = entry.casefold()
        for action in legal:
            if wanted in {" ".join(n.split()).casefold() for n in self.names(action)}:
                return action
        found, whole = menu.match_text(entry, legal, self.names)
        if whole and len(found) == 1:
            return found[0]
        if found:
            self.could_mean(entry, found)
            return None
        if self.names_some_action(entry):
            self.say(tr("illegal", self.lang, text=entry))
        else:
            self.say(tr("garbled", self.lang, text=entry))
        return None

    def names_some_action(self, entry: str) -> bool:
        """Whether ``entry`` is an action of the game at all (its text form, or a
        word of one of its labels), though not one of the legal ones now."""
        try:
            self.match.game.parse_action(entry)
            return True
        except ActionParseError:
            pass
        _found, whole = menu.match_text(entry, self.match.game.action_space.actions, self.names)
        return whole

    def names(self, action: Action) -> list[str]:
        """Every text that names ``action``: its label here and in English, its text form."""
        return [self.text.label(action), self.text.label(action, "en"), str(action)]

    def pick(self, number: int) -> Action | None:
        """The action numbered ``number`` in the menu shown; a group's number opens it."""
        chosen = next((e for e in self.menu if e.number == number), None)
        if chosen is None:
            numbers = [e.number for e in self.menu]
            if numbers == list(range(1, len(numbers) + 1)):
                self.say(tr("bad_number", self.lang, number=number, n=len(numbers)))
            else:
                listed = ", ".join(str(n) for n in sorted(numbers))
                self.say(tr("bad_number_of", self.lang, number=number, numbers=listed))
            return None
        if chosen.action is not None:
            return chosen.action
        text = chosen.text
        if chosen.region is not None:  # "land an egg on … · row 3"
            text = f"{menu.group_name(*chosen.shared)} · {chosen.region}"
        self.show(
            menu.open_group(chosen, self.text.label, region=self.text.region),
            tr("group_open", self.lang, text=text),
        )
        return None

    def could_mean(self, entry: str, found: list[Action]) -> None:
        """Text naming several actions: list them, numbered for the next choice."""
        if len(found) > menu.LIMIT:
            examples = "; ".join(self.text.label(a) for a in found[:3])
            self.say(tr("too_many", self.lang, text=entry, n=len(found), examples=examples))
            return
        picks = [menu.Entry(i, self.text.label(a), (a,)) for i, a in enumerate(found, 1)]
        self.show(picks, tr("could_mean", self.lang, text=entry))

    def show_results(self) -> None:
        state = self.match.state
        self.draw(whole=True)
        self.say()
        self.say(tr("game_over", self.lang))
        names = [self.who(seat) for seat in range(self.match.game.players)]
        for line in result_lines(state, names, self.lang):
            self.say(line)
        ranks = state.ranks()
        mine = ranks[self.human]
        if len(ranks) == 1:  # solo: a lone seat always ranks first; its return says
            self.say(tr("you_won" if state.returns()[0] > 0 else "you_lost_solo", self.lang))
        elif mine == 1:
            key = "you_won" if ranks.count(1) == 1 else "you_tied"
            self.say(tr(key, self.lang))
        else:
            self.say(tr("you_lost", self.lang, rank=mine, n=len(ranks)))


def number_range(numbers: list[int]) -> str:
    """The numbers a prompt offers: "1-9", "1", or the few there are when some are
    missing (tic-tac-toe's free cells: "2, 4, 6")."""
    low, high = min(numbers), max(numbers)
    if high - low + 1 == len(numbers):
        return f"{low}-{high}" if high > low else str(low)
    return ", ".join(str(n) for n in sorted(numbers)) if len(numbers) <= 9 else f"{low}-{high}"


def _watchable(stream: TextIO) -> bool:
    """Whether ``select`` can wait on ``stream`` (a real file descriptor, not on Windows)."""
    if os.name == "nt":
        return False
    try:
        stream.fileno()
    except (AttributeError, ValueError, OSError):
        return False
    return True


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
    session.say(tr("welcome", lang, title=title, n=args.seat + 1))
    session.say(tr("seed", lang, seed=seed))
    joint = "、" if lang == "zh-TW" else ", "
    if bots:  # a solo game has no one to name here (a game's own AI is on its board)
        session.say(tr("opponents", lang, bots=joint.join(session.who(s) for s in sorted(bots))))
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
