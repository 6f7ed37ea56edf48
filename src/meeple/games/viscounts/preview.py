"""Where each card in hand would take the viscount, and what the action there would pay.

The browser board shows this while a player chooses which card to play (and,
once it is played, while they choose where to go): hovering a card lights
the spaces its silver value reaches, each with the silver the extra steps
cost and what the primary action there would give. It is computed here, by
playing the card and making the move on a clone with the rules' own code
(movement, funding, the exchange, the spots, the castle costs), not again in
JavaScript: the icons on the board after the card shifts in, the buildings'
abilities and the cards' conversions decide it, and a second copy of those
rules in the client would drift from the first.

Only the seat that is choosing gets it, and it reads only what that seat
knows: its own hand and board, public resources, the kingdom. A card whose
immediate effect asks a choice first is previewed as if that effect gave
nothing (``asks``: the page says so).
"""

from __future__ import annotations

from typing import Any

from meeple.core.actions import Action
from meeple.core.i18n import Strings
from meeple.core.preview import Preview
from meeple.games.viscounts.actions import Build, Move, Play, Trade, Transcribe, Workers
from meeple.games.viscounts.components import (
    BUILDING_KINDS,
    CARDS,
    EXCHANGES,
    INNER,
    MANUSCRIPTS,
    RULES,
    part,
    position,
    space_number,
)
from meeple.games.viscounts.describe import item
from meeple.games.viscounts.state import ACTION, MOVE, PLAY, ViscountsData

WORDS = Strings(
    {
        "en": {
            "trade": "trade up to {n} times ({what})",
            "trade_one": "trade once ({what})",
            "build": "build: {kinds}",
            "workers": "place up to {n} workers in castle section {wedge}",
            "workers_one": "place 1 worker in castle section {wedge}",
            "transcribe": "transcribe a manuscript ({cost} clerics)",
            "hire": "hire {card} for {cost} silver",
            "nothing": "no primary action affordable",
            "dismiss": " (with the dismissal)",
            "or": " or ",
            "join": "; ",
            "ex.silver": "+1 silver each",
            "ex.resource": "+1 {item} each",
            "ex.destroy": "destroy a card each",
            "ex.flip": "flip a debt or deed each",
            "workshop": "workshop",
            "trading_post": "trading post",
            "guildhall": "guildhall",
        },
        "zh-TW": {
            "trade": "交易至多 {n} 次（{what}）",
            "trade_one": "交易 1 次（{what}）",
            "build": "建造：{kinds}",
            "workers": "放至多 {n} 名工人到城堡第 {wedge} 區域",
            "workers_one": "放 1 名工人到城堡第 {wedge} 區域",
            "transcribe": "抄錄手抄本（{cost} 牧師）",
            "hire": "以 {cost} 銀幣僱用{card}",
            "nothing": "付不起任何主要行動",
            "dismiss": "（需遣散居民）",
            "or": "或",
            "join": "；",
            "ex.silver": "每次 +1 銀幣",
            "ex.resource": "每次 +1 {item}",
            "ex.destroy": "每次摧毀 1 張牌",
            "ex.flip": "每次翻面 1 張債務或地契",
            "workshop": "工坊",
            "trading_post": "貿易站",
            "guildhall": "市政廳",
        },
    }
)
LANGS = ("en", "zh-TW")


def _exchange(kind: str, lang: str) -> str:
    if f"ex.{kind}" in WORDS:
        return WORDS(f"ex.{kind}", lang)
    return WORDS("ex.resource", lang, item=item(kind, lang))


def _summary(c: ViscountsData, seat: int) -> dict[str, Any]:
    """What the primary action could do from where ``c`` has the viscount now."""
    legal = c.legal_actions(seat)
    here = c.viscount[seat]
    pos = position(here)
    out: dict[str, Any] = {}
    trades = [a for a in legal if isinstance(a, Trade)]
    if trades:
        out["trade"] = max(a.uses for a in trades)
        out["exchange"] = EXCHANGES[space_number(here, c.ring) - 1]
    builds = sorted({a.building for a in legal if isinstance(a, Build)})
    if builds:
        out["build"] = builds
        out["spots"] = sorted({a.spot for a in legal if isinstance(a, Build)})
    workers = [a.count for a in legal if isinstance(a, Workers)]
    if workers:
        out["workers"] = max(workers)
        out["wedge"] = c.wedge_at(here)
    if any(isinstance(a, Transcribe) for a in legal):
        out["transcribe"] = MANUSCRIPTS[c.manuscript_here(pos)].cost
    out["dismiss"] = all(
        getattr(a, "dismiss", 0)
        for a in legal
        if isinstance(a, (Trade, Build, Workers, Transcribe))
    ) and any(isinstance(a, (Trade, Build, Workers, Transcribe)) for a in legal)
    pile = c.piles[pos]
    if pile and c.silver[seat] >= CARDS[pile[-1]].silver:
        out["hire"] = pile[-1]
    return out


def _words(summary: dict[str, Any], lang: str) -> str:
    parts = []
    if "trade" in summary:
        n = summary["trade"]
        what = _exchange(summary["exchange"], lang)
        parts.append(WORDS("trade_one" if n == 1 else "trade", lang, n=n, what=what))
    if "build" in summary:
        kinds = WORDS("or", lang).join(WORDS(BUILDING_KINDS[b], lang) for b in summary["build"])
        parts.append(WORDS("build", lang, kinds=kinds))
    if "workers" in summary:
        n = summary["workers"]
        key = "workers_one" if n == 1 else "workers"
        parts.append(WORDS(key, lang, n=n, wedge=summary["wedge"] + 1))
    if "transcribe" in summary:
        parts.append(WORDS("transcribe", lang, cost=summary["transcribe"]))
    if not parts:
        parts.append(WORDS("nothing", lang))
    elif summary["dismiss"]:
        parts[-1] += WORDS("dismiss", lang)
    if "hire" in summary:
        card = CARDS[summary["hire"]]
        name = card.zh if lang == "zh-TW" else card.name
        parts.append(WORDS("hire", lang, card=name, cost=card.silver))
    return WORDS("join", lang).join(parts)


def _played(
    s: ViscountsData, seat: int, card: int, child: ViscountsData
) -> tuple[ViscountsData, bool]:
    """``child`` (``s`` with ``card`` played, its effects run), or, when an effect asks
    a choice first, a clone with the card only placed on the board; and whether it
    asked."""
    if not child.decisions and child.phase == MOVE:
        return child, False
    c = s.clone()
    c.hand[seat].remove(card)
    board = c.board[seat]
    if len(board) >= int(RULES["tableau"]):
        c.discard[seat].append(board.pop())
    board.insert(0, card)
    c.played = card
    c.phase = MOVE
    return c, True


def _spaces(c: ViscountsData, seat: int) -> list[dict[str, Any]]:
    """Every space the played card reaches from ``c`` (in its MOVE phase), with the silver
    the move costs and what the action there would give.

    Each move is made on ``c`` itself and undone (the move's own steps: pay the silver,
    put the viscount there, the action phase), not on a clone per space: the preview
    runs for every view of the seat choosing, and a clone per space tripled its cost.
    The opponents a move lands on would rearrange their boards first; that changes
    nothing of this seat's, so it is left out."""
    forward: Any = c  # the rules' state (move_costs is the rules' movement)
    costs: dict[int, int] = forward.move_costs(seat)
    here, silver, phase = c.viscount[seat], c.silver[seat], c.phase
    out = []
    try:
        for space in sorted(costs):
            c.viscount[seat] = space
            c.silver[seat] = silver - costs[space]
            c.phase = ACTION
            out.append(_space(c, seat, space, costs[space]))
    finally:
        c.viscount[seat], c.silver[seat], c.phase = here, silver, phase
    return out


def _space(c: ViscountsData, seat: int, space: int, cost: int) -> dict[str, Any]:
    """One space's entry: the move's cost and what the action there would give, read
    from ``c`` with the viscount there (ACTION phase)."""
    summary = _summary(c, seat)
    return {
        "space": space,
        "cost": cost,
        "inner": part(space) == INNER,
        "say": {lang: _words(summary, lang) for lang in LANGS},
        **summary,
    }


def space_words(s: ViscountsData, seat: int, space: int, lang: str) -> str:
    """What the primary action (and the hire) at ``space`` would give ``seat`` if it moved
    there now, in words: the terminal's move list says it beside each space (issue 34)."""
    forward: Any = s
    cost = forward.move_costs(seat).get(space, 0)
    c = s.clone()
    c.viscount[seat] = space
    c.silver[seat] -= cost
    c.phase = ACTION
    return _words(_summary(c, seat), lang)


def previewed(s: ViscountsData, seat: int) -> list[Action]:
    """The choices previewed for ``seat``: each card it could play now (PLAY), or each
    space its played card reaches (MOVE); none while a decision is pending."""
    if s.decisions or s.current != seat:
        return []
    if s.phase == PLAY:
        return [Play(card) for card in sorted(set(s.hand[seat]))]
    if s.phase == MOVE:
        forward: Any = s
        return [a for a in forward.legal_actions(seat) if isinstance(a, Move)]
    return []


def describe(s: ViscountsData, action: Action, child: ViscountsData, seat: int) -> Any:
    """A card: the spaces it reaches once played (the child, or when its effect asks a
    choice first, the card only placed: :func:`_played`). A space: what the move
    there costs and what the action there would give, read from the child."""
    if isinstance(action, Play):
        c, asks = _played(s, seat, action.card, child)
        return {"card": action.card, "asks": asks, "spaces": _spaces(c, seat)}
    assert isinstance(action, Move)
    forward: Any = s
    # the opponents the move lands on would rearrange their boards first; that changes
    # nothing of this seat's, so it is left out (as in _spaces)
    child.decisions = s.decisions
    return _space(child, seat, action.space, forward.move_costs(seat)[action.space])


def gather(s: ViscountsData, seat: int | None, items: list[tuple[Action, Any]]) -> Any:
    """The view's ``reach``: per card, the card, whether it asks first and its spaces
    (in MOVE the played card's spaces, one per move)."""
    if items and isinstance(items[0][0], Move):
        spaces = sorted((d for _, d in items), key=lambda e: e["space"])
        return [{"card": s.played, "asks": False, "spaces": spaces}]
    return [d for _, d in items]


#: The view's ``reach`` through the core's preview contract (:mod:`meeple.core.preview`).
PREVIEW: Preview[Any] = Preview(key="reach", actions=previewed, describe=describe, gather=gather)
