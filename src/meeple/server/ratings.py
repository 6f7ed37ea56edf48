"""Ratings per game, for accounts and the house bots, from rated matches (issue 40, item 3).

A match created as rated (``{"rated": true}``: every human seat an account) changes
the ratings of its players once it is finished, with openskill's Plackett-Luce model
(the arena's library): each player's skill as a mean and an uncertainty, updated
from the final ranks, several players at once. The house bots are players like any
other (``bot:heuristic``, ``bot:mcts:iters=200``), so a person sees where they stand
against the AI.

* A seat's player who left the match (or whose clock ran out and the seat went to a
  bot) is ranked last, as on Board Game Arena; the bot that finished the seat is not
  rated for it.
* A match that ended early because a player left (a forfeit) changes the rating of
  that player only: they lose to everyone else; the others' ratings stay.
* A game that plays differently by player count (``Game.ratings_by_player_count``:
  the penguin game's two teams of two) has a rating per count (``penguins:4p``).
* Solo games are not rated: a solo player's results go to a per-game record (games,
  wins and best score, by difficulty).

Exactly once: the settling of a match writes its ratings and a row in
``rated_matches`` in one transaction, whose primary key refuses a second settling
(another node, or a restart that settles every finished rated match not settled
yet). People read a rating as one number, ``1500 + 40 (mu - 25)``, with its
uncertainty as plus or minus ``80 sigma`` (two standard deviations): a new player
is 1500 ± 667, and the range narrows with every game.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from openskill.models import PlackettLuce

from meeple.core.errors import UnknownGameError
from meeple.core.registry import games as all_games
from meeple.core.registry import get_game_class
from meeple.server.match import Seat
from meeple.server.storage import Backend, Storage

log = logging.getLogger("meeple.server")

MODEL = PlackettLuce()
#: How a rating is shown: 1500 + SCALE (mu - 25), plus or minus 2 SCALE sigma.
SCALE = 40.0
#: Ratings of players with fewer games are left off the leaderboard.
LEADERBOARD_MIN_GAMES = 3
#: Match ids remembered as settled (or being settled) in this process.
REMEMBERED = 4096


def shown(mu: float, sigma: float) -> dict[str, int]:
    """A rating as people read it: ``{"rating": 1500, "plus_minus": 667}``."""
    return {"rating": round(1500 + SCALE * (mu - 25.0)), "plus_minus": round(2 * SCALE * sigma)}


def bot_player(spec: str) -> str:
    return "bot:" + spec


def rating_key(game: str, players: int) -> str:
    """What a rating is kept for: the game, or the game at one player count where it
    plays differently (``Game.ratings_by_player_count``: ``penguins:4p``)."""
    try:
        by_count = get_game_class(game).ratings_by_player_count
    except UnknownGameError:
        by_count = False
    return f"{game}:{players}p" if by_count else game


def rating_keys() -> list[dict[str, Any]]:
    """Every key a leaderboard exists for, with its game and player count (or None)."""
    out: list[dict[str, Any]] = []
    for cls in all_games():
        counts = cls.allowed_player_counts() if cls.ratings_by_player_count else (None,)
        out += [
            {"key": cls.name if n is None else f"{cls.name}:{n}p", "game": cls.name, "players": n}
            for n in counts
        ]
    return out


def _claim(b: Backend, cur: Any, match_id: str, now: float) -> bool:
    """Mark ``match_id`` settled in this transaction; False when it was already (the
    primary key of ``rated_matches`` keeps a second settling from committing too)."""
    cur.execute(b.sql("SELECT 1 FROM rated_matches WHERE match_id = ?"), [match_id])
    if cur.fetchall():
        return False
    cur.execute(b.sql("INSERT INTO rated_matches (match_id, at) VALUES (?, ?)"), [match_id, now])
    return True


class Ratings:
    """Settles finished rated matches into ``ratings``, ``rating_history`` and
    ``solo_records``; reads leaderboards and profiles."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._seen: dict[str, None] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    def schedule(self, match_id: str) -> None:
        """Settle ``match_id`` soon (a finished match: called by the lobby), once."""
        if match_id in self._seen:
            return
        self._seen[match_id] = None
        while len(self._seen) > REMEMBERED:
            del self._seen[next(iter(self._seen))]
        task = asyncio.get_running_loop().create_task(self._settle_logged(match_id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _settle_logged(self, match_id: str) -> None:
        try:
            await self.settle(match_id)
        except Exception:  # the next start settles it: never lost
            log.exception("match %s: its ratings could not be settled now", match_id)
            self._seen.pop(match_id, None)

    async def catch_up(self) -> int:
        """Settle every finished rated match not settled yet (a crash between a match's
        end and its settling loses nothing); returns how many."""

        def job(b: Backend) -> list[str]:
            cur = b.cursor()
            cur.execute(
                "SELECT id FROM matches WHERE status = 'finished' AND setup LIKE '%\"rated\":true%' "
                "AND id NOT IN (SELECT match_id FROM rated_matches)"
            )
            return [str(r[0]) for r in cur.fetchall()]

        done = 0
        for match_id in await self.storage.run(job):
            done += bool(await self.settle(match_id))
        return done

    async def settle(self, match_id: str) -> bool:
        """Apply a finished match's result to its players' ratings (or solo records);
        False when it is not a finished rated match or was settled already."""
        row = await self.storage.get_match(match_id)
        if row is None or row.status != "finished" or not row.setup.get("rated"):
            return False
        result = row.result or {}
        ranks = result.get("ranks")
        if not isinstance(ranks, list) or len(ranks) != row.players:
            return False
        seats = [Seat.from_db(s) for s in row.seats]
        now = time.time()
        if row.players == 1:
            return await self._solo(row.id, row.game, row.options, seats[0], result, now)
        forfeited = set(result.get("forfeited") or [])
        # who is rated for each seat, at which rank: a player who left is last
        players: list[tuple[str, int, bool]] = []  # (player, rank, its rating changes)
        last = row.players
        for i, seat in enumerate(seats):
            for gone in seat.left_accounts:
                players.append((gone, last + 1, True))
            if seat.left_accounts:
                continue  # the bot that finished a leaver's seat is not rated for it
            if seat.account is not None:
                who = seat.account
            elif seat.kind == "bot" and seat.bot:
                who = bot_player(seat.bot)
            else:
                continue
            early = bool(forfeited) and result.get("reason") != "finished"
            players.append((who, int(ranks[i]), not early or i in forfeited))
        if len({p for p, _, _ in players}) < 2:
            return await self._mark(row.id, now)
        return await self._rate(row.id, rating_key(row.game, row.players), players, now)

    async def _rate(
        self, match_id: str, game: str, players: list[tuple[str, int, bool]], now: float
    ) -> bool:
        names = [p for p, _, _ in players]

        def job(b: Backend) -> bool:
            cur = b.cursor()
            if not _claim(b, cur, match_id, now):
                return False
            before: dict[str, tuple[float, float, int]] = {}
            for name in names:
                cur.execute(
                    b.sql("SELECT mu, sigma, games FROM ratings WHERE player = ? AND game = ?"),
                    [name, game],
                )
                got = cur.fetchall()
                before[name] = (
                    (float(got[0][0]), float(got[0][1]), int(got[0][2]))
                    if got
                    else (
                        MODEL.mu,
                        MODEL.sigma,
                        0,
                    )
                )
            teams = [[MODEL.rating(mu=before[p][0], sigma=before[p][1])] for p in names]
            after = MODEL.rate(teams, ranks=[float(r) for _, r, _ in players])
            for (name, _, changes), team in zip(players, after, strict=True):
                if not changes:
                    continue
                mu, sigma, games = team[0].mu, team[0].sigma, before[name][2] + 1
                cur.execute(
                    b.sql("DELETE FROM ratings WHERE player = ? AND game = ?"), [name, game]
                )
                cur.execute(
                    b.sql(
                        "INSERT INTO ratings (player, game, mu, sigma, games, updated_at) "
                        "VALUES (?, ?, ?, ?, ?, ?)"
                    ),
                    [name, game, mu, sigma, games, now],
                )
                cur.execute(
                    b.sql(
                        "INSERT INTO rating_history (player, game, match_id, at, mu, sigma) "
                        "VALUES (?, ?, ?, ?, ?, ?)"
                    ),
                    [name, game, match_id, now, mu, sigma],
                )
            return True

        return bool(await self.storage.run(job))

    async def _mark(self, match_id: str, now: float) -> bool:
        def job(b: Backend) -> bool:
            return _claim(b, b.cursor(), match_id, now)

        return bool(await self.storage.run(job))

    async def _solo(
        self,
        match_id: str,
        game: str,
        options: dict[str, Any],
        seat: Seat,
        result: dict[str, Any],
        now: float,
    ) -> bool:
        """A solo game: the account's record for the game at its difficulty."""
        account = seat.account or (seat.left_accounts[0] if seat.left_accounts else None)
        if account is None:
            return await self._mark(match_id, now)
        won = 0 in (result.get("winners") or []) and not seat.left_accounts
        scores = result.get("scores") or [0]
        score = float(scores[0]) if not seat.left_accounts else None
        difficulty = str(options.get("difficulty", ""))

        def job(b: Backend) -> bool:
            cur = b.cursor()
            if not _claim(b, cur, match_id, now):
                return False
            key = [account, game, difficulty]
            cur.execute(
                b.sql(
                    "SELECT games, wins, best FROM solo_records "
                    "WHERE account = ? AND game = ? AND difficulty = ?"
                ),
                key,
            )
            got = cur.fetchall()
            games, wins, best = (int(got[0][0]), int(got[0][1]), got[0][2]) if got else (0, 0, None)
            if score is not None and (best is None or score > float(best)):
                best = score
            cur.execute(
                b.sql("DELETE FROM solo_records WHERE account = ? AND game = ? AND difficulty = ?"),
                key,
            )
            cur.execute(
                b.sql(
                    "INSERT INTO solo_records (account, game, difficulty, games, wins, best) "
                    "VALUES (?, ?, ?, ?, ?, ?)"
                ),
                [*key, games + 1, wins + int(won), best],
            )
            return True

        return bool(await self.storage.run(job))

    # -- reading -----------------------------------------------------------------------

    async def leaderboard(self, game: str, limit: int = 50) -> list[dict[str, Any]]:
        """The game's players with at least :data:`LEADERBOARD_MIN_GAMES` rated games,
        best first (by the rating less its uncertainty: a lucky newcomer does not top it)."""

        def job(b: Backend) -> list[tuple[Any, ...]]:
            cur = b.cursor()
            cur.execute(
                b.sql(
                    "SELECT r.player, a.name, r.mu, r.sigma, r.games FROM ratings r "
                    "LEFT JOIN accounts a ON a.id = r.player "
                    "WHERE r.game = ? AND r.games >= ? AND (a.disabled IS NULL OR a.disabled = 0)"
                ),
                [game, LEADERBOARD_MIN_GAMES],
            )
            return [tuple(r) for r in cur.fetchall()]

        rows = await self.storage.run(job)
        out = []
        for player, name, mu, sigma, games in rows:
            if name is None and not str(player).startswith("bot:"):
                continue  # a deleted account
            out.append(
                {
                    "player": player,
                    "name": name,
                    "bot": str(player)[4:] if name is None else None,
                    "games": int(games),
                    **shown(float(mu), float(sigma)),
                    "ordinal": float(mu) - 3 * float(sigma),
                }
            )
        out.sort(key=lambda e: -e["ordinal"])
        return out[:limit]

    async def profile(self, account_id: str) -> dict[str, Any]:
        """An account's ratings per game with their history, and its solo records."""

        def job(b: Backend) -> tuple[list[Any], list[Any], list[Any]]:
            cur = b.cursor()
            cur.execute(
                b.sql("SELECT game, mu, sigma, games FROM ratings WHERE player = ? ORDER BY game"),
                [account_id],
            )
            ratings = [tuple(r) for r in cur.fetchall()]
            cur.execute(
                b.sql(
                    "SELECT game, match_id, at, mu, sigma FROM rating_history WHERE player = ? "
                    "ORDER BY at"
                ),
                [account_id],
            )
            history = [tuple(r) for r in cur.fetchall()]
            cur.execute(
                b.sql(
                    "SELECT game, difficulty, games, wins, best FROM solo_records "
                    "WHERE account = ? ORDER BY game, difficulty"
                ),
                [account_id],
            )
            solo = [tuple(r) for r in cur.fetchall()]
            return ratings, history, solo

        ratings, history, solo = await self.storage.run(job)
        return {
            "ratings": [
                {
                    "game": game,
                    "games": int(games),
                    **shown(float(mu), float(sigma)),
                    "history": [
                        {"match": m, "at": at, **shown(float(hm), float(hs))}
                        for g, m, at, hm, hs in history
                        if g == game
                    ],
                }
                for game, mu, sigma, games in ratings
            ],
            "solo": [
                {"game": g, "difficulty": d, "games": int(n), "wins": int(w), "best": best}
                for g, d, n, w, best in solo
            ],
        }
