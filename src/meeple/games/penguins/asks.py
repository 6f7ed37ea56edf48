"""What an answer to the pending question does, in words ("the seagull flies to D4").

A ``Pick`` only names a point and a ``Pass`` says nothing at all, so on their own
they read "choose D4" and "pass": the terminal menu and the page's buttons then
leave the player to remember what was asked. The question is the first task of
the queue (public: the view shows it to everyone as ``pending``), so the label
can say what the point is for. Only what the board already shows is named.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from meeple.core.actions import Action
from meeple.core.i18n import Strings
from meeple.games.penguins.actions import Pass, Pick, PickTriangle

#: ``c_point`` by card: what the first point of a point-targeting card is.
_CARD_POINT = {
    1: "c_egg", 2: "c_thaw", 3: "c_barrier", 4: "c_own_penguin", 7: "c_own_penguin",
    9: "c_back", 13: "c_hatch", 14: "c_ring", 15: "c_own_egg", 16: "c_rival_penguin",
}  # fmt: skip

ASKS = Strings(
    {
        "en": {
            "freeplace": "place a {set} piece on {p}",
            "rival": "put a rival egg on {p}",
            "hole": "jump to the hole on {p}",
            "hole_pass": "slide on without jumping",
            "storm": "the storm throws the penguin to {p}",
            "seagull": "the seagull flies to {p}",
            "krill": "put the extra egg on {p}",
            "krill_pass": "no extra egg",
            "cancel_pass": "let the card happen",
            "river_first": "the piece on the river at {p} moves first",
            "river_branch": "down the river to {p}",
            "river_off": "down the river, off the board",
            "blaze": "remove the egg on {p}",
            "c_egg": "put your egg on {p}",
            "c_thaw": "send the rival egg on {p} back",
            "c_barrier": "move the barrier on {p}",
            "c_own_penguin": "move your penguin on {p}",
            "c_back": "turn your penguin on {p} back into an egg",
            "c_hatch": "hatch your egg on {p} now",
            "c_ring": "turn the ring around {p}",
            "c_own_egg": "roll your egg on {p}",
            "c_rival_penguin": "move the rival penguin on {p}",
            "c_to": "move it from {src} to {p}",
            "c_rival": "turn the rival penguin on {p} back into an egg",
            "c_place_egg": "put the egg on {p}",
            "c_place_penguin": "put the penguin on {p}",
            "c_triangle5": "lay eggs on the triangle {names}",
            "c_triangle6": "send the eggs on the triangle {names} back",
            # the log's words for another reader (a card's own piece is the actor's)
            "c_egg.told": "puts their egg on {p}",
            "c_own_penguin.told": "moves their penguin on {p}",
            "c_back.told": "turns their penguin on {p} back into an egg",
            "c_hatch.told": "hatches their egg on {p} now",
            "c_own_egg.told": "rolls their egg on {p}",
        },
        "zh-TW": {
            "freeplace": "在 {p} 放置{set}",
            "rival": "在 {p} 放一顆對手的蛋",
            "hole": "跳到 {p} 的洞穴",
            "hole_pass": "不跳，繼續滑行",
            "storm": "風暴把企鵝吹到 {p}",
            "seagull": "海鷗飛到 {p}",
            "krill": "在 {p} 多放一顆蛋",
            "krill_pass": "不放額外的蛋",
            "cancel_pass": "不取消這張卡",
            "river_first": "{p} 河流上的物件先移動",
            "river_branch": "順著河流移到 {p}",
            "river_off": "順著河流移出圖板",
            "blaze": "移除 {p} 的蛋",
            "c_egg": "在 {p} 放你的一顆蛋",
            "c_thaw": "把 {p} 的對手蛋移回供應區",
            "c_barrier": "移動 {p} 的障礙物",
            "c_own_penguin": "移動你在 {p} 的企鵝",
            "c_back": "把你在 {p} 的企鵝變回蛋",
            "c_hatch": "讓你在 {p} 的蛋立刻破殼",
            "c_ring": "轉動 {p} 周圍的六格",
            "c_own_egg": "滾動你在 {p} 的蛋",
            "c_rival_penguin": "移動對手在 {p} 的企鵝",
            "c_to": "從 {src} 移到 {p}",
            "c_rival": "把對手在 {p} 的企鵝變回蛋",
            "c_place_egg": "把蛋放在 {p}",
            "c_place_penguin": "把企鵝放在 {p}",
            "c_triangle5": "在三角形 {names} 放蛋",
            "c_triangle6": "把三角形 {names} 上的蛋移回供應區",
            "c_egg.told": "在 {p} 放自己的一顆蛋",
            "c_own_penguin.told": "移動自己在 {p} 的企鵝",
            "c_back.told": "把自己在 {p} 的企鵝變回蛋",
            "c_hatch.told": "讓自己在 {p} 的蛋立刻破殼",
            "c_own_egg.told": "滾動自己在 {p} 的蛋",
        },
    }
)


def _pick_key(task: list[Any], point: int) -> tuple[str, dict[str, Any]] | None:
    """The string key (and fields other than the point) for a ``Pick`` answering ``task``."""
    kind = task[0]
    if kind in ("rival", "hole", "storm", "seagull", "krill", "river_first", "blaze", "c_rival"):
        return kind, {}
    if kind == "freeplace":
        return kind, {"set_kind": task[2]}
    if kind == "river_branch":
        return ("river_off" if point < 0 else kind), {}
    if kind == "c_point" and task[2] in _CARD_POINT:
        return _CARD_POINT[task[2]], {}
    if kind == "c_to":
        return kind, {"src": task[3]}
    if kind == "c_place":
        return f"c_place_{task[2]}", {}
    return None


def ask_label(
    state: Any,
    action: Action,
    lang: str,
    point_name: Callable[[int], str],
    set_name: Callable[[str, str], str],
    triangle_name: Callable[[int], str],
    told: bool = False,
) -> str | None:
    """``action``'s words as the answer to the question pending in ``state``, or ``None``
    when it answers none (a turn's own actions, or a question it needs no help for).

    ``point_name(p)`` names a point ("D4"), ``set_name(kind, lang)`` a component set and
    ``triangle_name(t)`` a triangle by its corners ("C3-D3-C4"), as the action labels do.
    ``told``: the words as the log tells them (a card's piece is "their egg", not the
    menu's "your egg", whoever reads it).
    """
    queue = getattr(state, "queue", None)
    if not queue:
        return None
    task = queue[0]
    if isinstance(action, Pick):
        found = _pick_key(task, action.point)
        if found is None:
            return None
        key, fields = found
        if told and f"{key}.told" in ASKS:
            key = f"{key}.told"
        if "set_kind" in fields:
            fields = {"set": set_name(fields.pop("set_kind"), lang)}
        if "src" in fields:
            fields["src"] = point_name(fields["src"])
        p = point_name(action.point) if action.point >= 0 else ""
        return ASKS(key, lang, p=p, **fields)
    if isinstance(action, Pass) and task[0] in ("hole", "krill", "cancel"):
        return ASKS(f"{task[0]}_pass", lang)
    if isinstance(action, PickTriangle) and task[0] == "c_triangle" and task[2] in (5, 6):
        return ASKS(f"c_triangle{task[2]}", lang, names=triangle_name(action.triangle))
    return None
