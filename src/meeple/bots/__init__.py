"""Bots: one interface, from random to search. ``make_bot(spec, game, seat)`` builds any of them."""

from meeple.bots.base import Bot
from meeple.bots.limits import BotLimits
from meeple.bots.registry import bot_names, house_bot, make_bot, parse_spec, register_bot
from meeple.bots.simple import GreedyBot, RandomBot

__all__ = [
    "Bot",
    "BotLimits",
    "GreedyBot",
    "RandomBot",
    "bot_names",
    "house_bot",
    "make_bot",
    "parse_spec",
    "register_bot",
]
