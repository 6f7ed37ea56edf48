"""The bot seats of a match: who thinks, where, and what happens to a late answer.

A bot thinks on a copy of the state, on a thread of the host's pool (never
on the event loop); its answer is applied only if the match is still where
it was when the bot began (the event count is unchanged) and the bot still
holds a seat that may act, and a bot that fails or answers an illegal
action is replaced, for that move, by a random one: a bot's bug never stalls
a match. Every bot also observes every action (``Bot.observe``, for tree
reuse), except one that is thinking at that moment.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from meeple.bots import make_bot
from meeple.bots.base import Bot
from meeple.bots.simple import RandomBot
from meeple.core.actions import Action
from meeple.core.game import State
from meeple.server.match.core import GameCore
from meeple.server.match.host import BotThinker
from meeple.server.match.seats import MatchInfo
from meeple.server.protocol import ApiError

log = logging.getLogger("meeple.server")
_MASK63 = (1 << 63) - 1


class BotSeats:
    """The bots of one match and their turns.

    ``play(seat, action)`` applies and stores a bot's checked action; it is called
    under ``lock``, the match's own.
    """

    def __init__(
        self,
        info: MatchInfo,
        core: GameCore,
        thinker: BotThinker,
        lock: asyncio.Lock,
        play: Callable[[int, Action], Awaitable[None]],
    ) -> None:
        self.info = info
        self.core = core
        self.thinker = thinker
        self.lock = lock
        self._play = play
        self.bots: dict[int, Bot] = {}
        self.tasks: dict[int, asyncio.Task[None]] = {}
        self._thinking: set[int] = set()  # seats whose bot is in choose() on a worker thread

    def bot_for(self, seat: int) -> Bot:
        spec = self.info.seats[seat].bot or "random"
        bot = self.bots.get(seat)
        if bot is None or getattr(bot, "_meeple_spec", None) != spec:
            bot_seed = (self.info.seed ^ (0x9E3779B97F4A7C15 * (seat + 1))) & _MASK63
            bot = make_bot(spec, self.info.game, seat, bot_seed)
            bot._meeple_spec = spec  # type: ignore[attr-defined]
            self.bots[seat] = bot
        return bot

    def observe(self, actor: int | None, action: Action, before: State) -> None:
        """Bot.observe for every bot of the match (tree reuse). A bot still thinking on
        its thread is skipped rather than touched concurrently: its search result is
        for an older state and gets discarded anyway."""
        for seat, bot in self.bots.items():
            if seat not in self._thinking:
                try:
                    bot.observe(actor, action, before)
                except Exception:
                    log.exception("match %s: %s.observe failed", self.info.id, bot)

    def kick(self) -> None:
        """Start a turn for every bot seat that must act now and is not thinking yet."""
        if self.info.status != "running" or self.info.closed:
            return
        for seat in self.core.match.state.turn().seats:
            if self.info.seats[seat].kind == "bot" and seat not in self.tasks:
                self.tasks[seat] = asyncio.create_task(self._turn(seat))

    async def _turn(self, seat: int) -> None:
        info, core = self.info, self.core
        me = asyncio.current_task()
        try:
            if info.bot_delay > 0:
                await asyncio.sleep(info.bot_delay)
            if not self._may_act(seat):
                return
            seq = core.seq
            snapshot = core.match.state.clone()  # the bot thinks on a copy, off the loop
            bot = self.bot_for(seat)
            spec = info.seats[seat].bot or "random"
            self._thinking.add(seat)
            try:
                action = await self.thinker.think(info.id, spec, bot.choose, snapshot)
            except Exception:
                log.exception("match %s: bot %s failed; playing a random move", info.id, bot)
                action = RandomBot(info.game, seat, info.seed).choose(snapshot)
            finally:
                self._thinking.discard(seat)
            async with self.lock:
                if core.seq != seq or not self._may_act(seat):
                    return  # the state moved on while it thought; the finally re-plans
                if not core.match.state.is_legal(action, seat):
                    log.error("match %s: bot %s chose illegal %s", info.id, bot, action)
                    action = RandomBot(info.game, seat, info.seed).choose(core.match.state)
                await self._play(seat, action)
        except asyncio.CancelledError:
            raise
        except ApiError:
            pass  # storage failed: already logged, the match was reloaded
        except Exception:
            log.exception("match %s: bot turn of seat %d failed", info.id, seat)
        finally:
            if self.tasks.get(seat) is me:
                del self.tasks[seat]
            if not info.closed:
                self.kick()

    def _may_act(self, seat: int) -> bool:
        info = self.info
        return (
            info.status == "running"
            and not info.closed
            and info.seats[seat].kind == "bot"
            and seat in self.core.match.state.turn().seats
        )

    def cancel_turns(self) -> None:
        """Cancel every bot turn but the one running this (the match ended)."""
        for seat, task in list(self.tasks.items()):
            if task is not asyncio.current_task():
                task.cancel()
                self.tasks.pop(seat, None)

    def shutdown(self) -> None:
        for task in list(self.tasks.values()):
            task.cancel()
