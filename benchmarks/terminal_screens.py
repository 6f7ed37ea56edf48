"""How tall the terminal's screens are: lines printed between two prompts of one turn.

A scripted human (always typing ``1``, the first entry of whatever menu is
shown) plays a whole game of ``meeple play`` against bots. The output is cut
at each prompt; a screen counts as *within a turn* when no other seat acted
since the previous prompt (chance may have: a card drawn mid-turn): the
sub-decisions of one turn, an opened group. Those are the screens issue 34
asks to fit a terminal (about 45 lines); the first screen of a turn, after
another seat acted, draws the whole board and is counted apart.

    python benchmarks/terminal_screens.py                 # ICE, Viscounts, Unconscious Mind
    python benchmarks/terminal_screens.py --game ice --lang zh-TW --seed 3

``tests/cli/test_screens.py`` holds the median to 45 with a fixed seed.
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
from dataclasses import dataclass, field
from typing import Any

from meeple.cli.common import BotTable, default_bot_spec
from meeple.cli.i18n import tr
from meeple.cli.play_cmd import PlaySession
from meeple.core.actions import Action
from meeple.core.game import State
from meeple.core.match import Match
from meeple.core.registry import make_game

#: The games issue 34 measures, with the player count each is played at here.
GAMES: dict[str, int] = {"ice": 2, "viscounts": 2, "unconscious": 2}


class _Tape(io.StringIO):
    """The session's output, with a mark wherever another seat acted."""

    MARK = "\x00"

    def mark(self) -> None:
        self.write(self.MARK)


@dataclass
class Screens:
    """The screens of one game, as line counts."""

    game: str
    lang: str
    seed: int
    #: Lines printed between two prompts with no other seat acting in between.
    within: list[int] = field(default_factory=list)
    #: Lines printed between two prompts with another seat acting in between.
    between: list[int] = field(default_factory=list)
    finished: bool = False
    total_lines: int = 0
    prompts: int = 0
    text: str = ""

    def summary(self) -> dict[str, Any]:
        def stats(xs: list[int]) -> dict[str, Any]:
            if not xs:
                return {"n": 0}
            return {"n": len(xs), "median": statistics.median(xs), "max": max(xs)}

        return {
            "game": self.game,
            "lang": self.lang,
            "seed": self.seed,
            "finished": self.finished,
            "lines": self.total_lines,
            "prompts": self.prompts,
            "within_turn": stats(self.within),
            "first_of_turn": stats(self.between),
        }


def play(
    game_name: str,
    seed: int,
    lang: str = "en",
    players: int | None = None,
    typed: str = "1",
    most: int = 20000,
) -> Screens:
    """Play one whole game with a human typing ``typed`` at every prompt; cut the output."""
    game = make_game(game_name, players=players or GAMES.get(game_name, 2))
    match = Match(game, seed)
    spec = default_bot_spec(game.name, game.players)
    table = BotTable(match, {s: spec for s in range(1, game.players)}, seed)
    tape = _Tape()
    stdin = io.StringIO(f"{typed}\n" * most)
    session = PlaySession(match, table, 0, lang, stdin, tape)

    def others(actor: int | None, _action: Action, _before: State) -> None:
        if actor is not None and actor != 0:
            tape.mark()

    match.listeners.append(others)
    finished = session.run()
    if finished:
        session.show_results()
    text = tape.getvalue()
    prompt = tr("prompt", lang, numbers="\x01").split("\x01")[0]
    prompt_group = tr("prompt_group", lang, numbers="\x01").split("\x01")[0]
    out = Screens(game_name, lang, seed, finished=finished, text=text)
    out.total_lines = text.replace(_Tape.MARK, "").count("\n")
    lines = text.split("\n")
    screen: list[str] = []
    seen_prompt = False
    for line in lines:
        is_prompt = prompt in line or prompt_group in line
        if is_prompt:
            out.prompts += 1
            if seen_prompt:
                marked = any(_Tape.MARK in row for row in screen) or _Tape.MARK in line
                count = len(screen)
                (out.between if marked else out.within).append(count)
            seen_prompt = True
            screen = []
            continue
        screen.append(line)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="game(s) to measure (default: all three)")
    parser.add_argument("--lang", action="append", help="en, zh-TW (default: both)")
    parser.add_argument("--seed", type=int, action="append", help="seed(s) (default: 1)")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--show", action="store_true", help="print the session's whole output")
    args = parser.parse_args(argv)
    for name in args.game or list(GAMES):
        for lang in args.lang or ["en", "zh-TW"]:
            for seed in args.seed or [1]:
                screens = play(name, seed, lang, args.players)
                if args.show:
                    print(screens.text.replace(_Tape.MARK, ""))
                print(screens.summary(), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
