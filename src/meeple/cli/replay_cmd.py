"""``meeple replay FILE``: step through a saved match, or verify it.

Records are replayed with checked applies (:func:`meeple.core.match.replay`),
so a tampered action is reported at the step where it stops being legal.
Any defect in a file (unreadable, not JSON, not a record, an action that does
not replay, a result that differs) is a :class:`RecordError`, which the CLI
prints as one line and exits with status 2. A record saved before a lost solo
game stopped naming a winner still verifies, with a sentence saying why its
stored winner differs from the replay's.
"""

from __future__ import annotations

import argparse
import sys

from meeple.cli.argtypes import whole_number
from meeple.cli.common import format_number
from meeple.cli.i18n import LANGS, check_lang, tr
from meeple.cli.render import TextRenderer, fit
from meeple.cli.results import result_lines
from meeple.core.errors import MeepleError, OptionError, RecordError
from meeple.core.match import OLD_SOLO_WINNER, Match, MatchRecord, check_result, replay
from meeple.core.vocabulary import describe_options, words_of

#: What --verify says: the result reproduced, or reproduced but stored under an older
#: reading of it (:func:`meeple.core.match.check_result`), which it explains.
_VERIFIED = {None: "verified", OLD_SOLO_WINNER: "verified_old_solo"}


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "replay",
        help="step through a saved match, or verify it",
        description="Show a saved match step by step (Enter for the next step), "
        "or check it with --verify.",
    )
    p.add_argument("file", help="a match record (JSON) saved by --save")
    p.add_argument(
        "--verify",
        action="store_true",
        help="replay every action and check the recorded result (exit 2 if it differs)",
    )
    p.add_argument("--all", action="store_true", help="print every step without waiting")
    p.add_argument(
        "--seat",
        type=whole_number,
        default=None,
        help="draw the board as this seat sees it (default: as a spectator)",
    )
    p.add_argument("--lang", default="en", help=f"language: {' or '.join(LANGS)} (default en)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    lang = check_lang(args.lang)
    record = MatchRecord.load(args.file)
    if args.verify and record.result is None and not record.meta.get("finished", True):
        # a game saved after 'quit': its actions must still replay, but there is no result
        match = replay(record)
        if match.state.is_terminal():
            raise RecordError(
                "the record says the game was not finished, but its actions finish it"
            )
        print(tr("verified_unfinished", lang, n=len(record.actions)))
        if not args.all:
            return 0
    elif args.verify:
        match = replay(record)
        older = check_result(record, match.state)  # a result stored under an older reading
        print(tr(_VERIFIED[older], lang, n=len(record.actions)))
        print(tr("scores", lang, scores=", ".join(format_number(s) for s in match.state.scores())))
        print(tr("ranks", lang, ranks=", ".join(str(r) for r in match.state.ranks())))
        if not args.all:
            return 0
    step_through(record, lang, args.seat, interactive=not args.all)
    return 0


def step_through(record: MatchRecord, lang: str, seat: int | None, interactive: bool) -> None:
    """Print the record's steps; between steps wait for Enter when ``interactive``.

    Steps are applied with checked applies as they are shown, so a corrupted
    action stops the walk with a :class:`RecordError` naming the step.
    """
    try:
        game = record.make_game()
    except MeepleError as exc:
        raise RecordError(f"record names a game setup that cannot be made: {exc}") from None
    if seat is not None and not 0 <= seat < game.players:
        raise OptionError(f"--seat must be between 0 and {game.players - 1}, got {seat}")
    text = TextRenderer(game, lang)
    match = Match(game, record.seed)
    n = len(record.actions)
    title = game.title_zh if lang == "zh-TW" and game.title_zh else game.title
    print(tr("replay_header", lang, title=title, players=game.players, seed=record.seed, n=n))
    if game.options:
        print(
            tr(
                "options",
                lang,
                options=describe_options(words_of(type(game)), dict(game.options), lang),
            )
        )
    print(fit(text.board(match.state, seat)))
    for i, (actor, data) in enumerate(record.actions, 1):
        if interactive:
            print(tr("replay_next", lang), end="", flush=True)
            line = sys.stdin.readline()
            if line and not sys.stdin.isatty():
                print()  # piped input is not echoed: end the prompt's line ourselves
            if line.strip().lower() in ("q", "quit"):
                print(tr("replay_stopped", lang, i=i - 1, n=n))
                return
            if not line:  # input ended: show the rest without waiting
                print()
                interactive = False
        try:
            action = game.action_from_json(data)
            before = match.state.clone()
            match.play(action, actor)
        except MeepleError as exc:
            raise RecordError(f"action {i} ({data}) does not replay: {exc}") from None
        who = tr("chance", lang) if actor is None else tr("seat_name", lang, n=actor + 1)
        label = text.seen_label(before, action, actor, seat) if seat is not None else None
        if label is None:
            label = text.seen_label(before, action, actor, None)
        print()
        print(tr("replay_step", lang, i=i, n=n, who=who, label=label))
        print(fit(text.board(match.state, seat)))
    print()
    if match.state.is_terminal():
        names = [tr("seat_name", lang, n=s + 1) for s in range(game.players)]
        for line in result_lines(match.state, names, lang):
            print(fit(line))
        print(tr("replay_end", lang))
    else:
        print(tr("replay_unfinished", lang))
