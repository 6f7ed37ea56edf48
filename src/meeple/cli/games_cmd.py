"""``meeple games``: list the registered games and their player counts."""

from __future__ import annotations

import argparse
import json
from typing import Any

from meeple.core.registry import games
from meeple.core.vocabulary import content_json, options_json


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "games",
        help="list the registered games",
        description="List the games you can play: the name to type after 'meeple play', "
        "how many players, and the title.",
    )
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    rows: list[dict[str, Any]] = [
        {
            "name": g.name,
            "title": g.title,
            "players": g.player_range(),
            "options": options_json(g),
            "content": content_json(g),
        }
        for g in games()
    ]
    if args.json:
        print(json.dumps(rows, ensure_ascii=False))
        return 0
    width = max(len(r["name"]) for r in rows)
    for r in rows:
        print(f"{r['name']:<{width}}  {r['players']:>5} players  {r['title']}")
        extra = [c for c in r["content"] if not c["base"]]
        if extra:  # the expansions and modules, each an option: -o NAME=true
            names = ", ".join(f"{c['name']} ({c['words']['en']})" for c in extra)
            print(f"{'':<{width}}  {'':>5}  sets: {names}")
    return 0
