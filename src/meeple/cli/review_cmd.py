"""``meeple review RECORD.json`` (or ``meeple review MATCH_ID --database PATH``): each
decision of a finished match judged from what its seat knew (:mod:`meeple.review`),
with a progress bar; ``--json`` writes the review in its documented schema
(docs/review.md). Several records (or ``--out``) make a batch, reviewed in parallel by
the arena's runner (:mod:`meeple.arena.reviews`): ``--workers`` local processes or a
Dask ``--cluster``, results in ``OUT/reviews.jsonl``, resumable."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from meeple.cli.argtypes import whole_number
from meeple.cli.i18n import LANGS, check_lang
from meeple.core.errors import MeepleError, OptionError
from meeple.core.match import MatchRecord
from meeple.review import review_record
from meeple.review.engine import DEFAULT_ITERS

#: The words of the review in the terminal, in both languages.
WORDS = {
    "en": {
        "blunder": "blunder", "mistake": "mistake", "inaccuracy": "inaccuracy",
        "good": "good", "best": "best", "forced": "forced", "chance": "chance",
        "seat": "seat {n}", "better": "better: {move} ({chance}%)",
        "accuracy": "Seat {n}: accuracy {acc}%, {blunder} blunders, {mistake} mistakes, {inaccuracy} inaccuracies",
        "key": "Key moments: {plies}", "rough": "These win chances are rough: the search's figures are not calibrated for this game and player count, or their calibration did poorly on held-out games.",
        "batch": "{n} reviews in {path}",
    },
    "zh-TW": {
        "blunder": "大錯", "mistake": "錯誤", "inaccuracy": "不精確",
        "good": "好棋", "best": "最佳", "forced": "唯一選擇", "chance": "機率",
        "seat": "座位 {n}", "better": "較佳：{move}（{chance}%）",
        "accuracy": "座位 {n}：準確度 {acc}%，大錯 {blunder}、錯誤 {mistake}、不精確 {inaccuracy}",
        "key": "關鍵時刻：第 {plies} 步", "rough": "這些勝率只是粗估：搜尋的數字尚未針對此遊戲與人數校準，或校準在保留對局上表現不佳。",
        "batch": "{n} 份檢討已寫入 {path}",
    },
}  # fmt: skip


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "review",
        help="review a finished match move by move",
        description="Judge each decision of a saved match from what its seat knew: the win "
        "chance with the best move and after the move made, the better move, and "
        "inaccuracies, mistakes and blunders.",
    )
    p.add_argument(
        "file",
        nargs="+",
        help="a match record (JSON) saved by --save or the server (several make a batch), "
        "or with --database a match id",
    )
    p.add_argument(
        "--database",
        metavar="PATH",
        help="read the finished match FILE names (its id) from a server's database "
        "(a SQLite path or postgresql://...)",
    )
    p.add_argument(
        "--iters",
        type=whole_number,
        default=DEFAULT_ITERS,
        help=f"search iterations per decision (default {DEFAULT_ITERS})",
    )
    p.add_argument("--seed", type=whole_number, default=0, help="the search's seed (default 0)")
    p.add_argument("--json", action="store_true", help="print the review as JSON (docs/review.md)")
    p.add_argument("--lang", default="en", help=f"language: {' or '.join(LANGS)} (default en)")
    batch = p.add_argument_group("a batch of records (the arena's runner)")
    batch.add_argument(
        "--out", help="folder of the batch's reviews.jsonl (default: review-out); resumes a run"
    )
    batch.add_argument(
        "--workers", type=whole_number, default=1, help="local worker processes (default 1)"
    )
    batch.add_argument("--cluster", help="a Dask scheduler's address (tcp://HOST:PORT)")
    p.set_defaults(func=run)


def _bar(done: int, total: int) -> None:
    width = 30
    filled = width * done // max(1, total)
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def _from_database(database: str, match_id: str) -> MatchRecord:
    """The record of finished match ``match_id`` in a server's database."""
    import asyncio

    from meeple.server.lobby import Lobby
    from meeple.server.protocol import ApiError
    from meeple.server.storage import Storage, StorageError

    if "://" not in database and not Path(database).is_file():
        raise MeepleError(f"no database at {database}")

    async def load() -> MatchRecord:
        storage = Storage(database)
        storage.open()
        lobby = Lobby(storage, bot_workers=1)
        try:
            live = await lobby.get(match_id)
            if live.status != "finished":
                raise MeepleError(f"match {match_id} is not finished; a review waits for its end")
            record = live.record()
            live.shutdown()
            return record
        finally:
            lobby.bots.shutdown()
            storage.close()

    try:
        return asyncio.run(load())
    except ApiError as exc:
        raise MeepleError(f"{database}: {exc.message}") from None
    except StorageError as exc:
        raise MeepleError(str(exc)) from None


def run(args: argparse.Namespace) -> int:
    lang = check_lang(args.lang)
    if args.database:
        if len(args.file) > 1 or args.out or args.cluster:
            raise MeepleError("--database reviews one match id at a time")
        record = _from_database(args.database, args.file[0])
    else:
        if len(args.file) > 1 or args.out or args.cluster:
            return _batch(args, lang)
        record = MatchRecord.load(args.file[0])
    progress = None if args.json or not sys.stderr.isatty() else _bar
    review = review_record(record, iters=args.iters, seed=args.seed, progress=progress)
    if args.json:
        print(json.dumps(review.to_json(), ensure_ascii=False))
        return 0
    w = WORDS[lang]
    for e in review.entries:
        who = w["chance"] if e.chance else w["seat"].format(n=(e.seat or 0) + 1)
        line = f"{e.ply + 1:>4}. {who}: {e.label[lang]}"
        if e.forced:
            line += f"  ({w['forced']})"
        elif e.verdict is not None:
            line += f"  {w[e.verdict]}"
            if e.drop and e.best_label is not None and e.before is not None:
                line += "  " + w["better"].format(
                    move=e.best_label[lang], chance=round(100 * e.before)
                )
        print(line)
    for seat, (acc, counts) in enumerate(zip(review.accuracy, review.counts, strict=True)):
        if acc is not None:
            print(w["accuracy"].format(n=seat + 1, acc=acc, **counts))
    if review.key_moments:
        print(w["key"].format(plies=", ".join(str(p + 1) for p in review.key_moments)))
    if review.rough:
        print(w["rough"])
    return 0


def _batch(args: argparse.Namespace, lang: str) -> int:
    """Review every record given, in parallel, into ``--out``; a line per record (or the
    results as JSON lines)."""
    from pathlib import Path

    from meeple.arena.reviews import review_batch

    if args.workers < 1:
        raise OptionError("--workers must be at least 1")
    out = Path(args.out or "review-out")
    results = review_batch(
        [Path(f) for f in args.file],
        out,
        iters=args.iters,
        seed=args.seed,
        workers=args.workers,
        cluster=args.cluster,
        progress=not args.json and sys.stderr.isatty(),
    )
    w = WORDS[lang]
    for result in results:
        review = result["review"]
        if args.json:
            print(json.dumps(result, ensure_ascii=False))
            continue
        seats = "; ".join(
            w["accuracy"].format(n=seat + 1, acc=acc, **counts)
            for seat, (acc, counts) in enumerate(
                zip(review["accuracy"], review["counts"], strict=True)
            )
            if acc is not None
        )
        print(f"{result['file']}: {seats}")
    if not args.json:
        print(w["batch"].format(path=out / "reviews.jsonl", n=len(results)))
    return 0
