"""What an answer to the pending question does, in words ("the seagull flies to D4").

A ``Pick`` only names a point and a ``Pass`` says nothing at all, so on their own
they read "choose D4" and "pass": the terminal menu and the page's buttons then
leave the player to remember what was asked. The question is the decision on top
of the stack (public: the view shows it to everyone as ``pending``), so the label
can say what the point is for. Only what the board already shows is named.

Each function below is one kind's ``label`` (:class:`meeple.core.kinds.Kind`),
listed in the table of :mod:`.decisions`; ``None`` leaves an answer to its own
label (a turn's own actions, or a question it needs no help for).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from meeple.core.actions import Action
from meeple.core.decisions import Decision
from meeple.core.i18n import Strings
from meeple.games.penguins.actions import Pass, Pick, PickTriangle
from meeple.games.penguins.geometry import lattice

GRID = lattice()

#: The component sets of free mode, in English (the rules' words) and Chinese.
SETS = ("seagull", "iceberg", "storm", "emperor", "nest", "tent", "river", "hole", "freezing",
        "radiation", "blazing", "seaweed", "krill")  # fmt: skip
SETS_ZH = ("海鷗", "冰山", "風暴", "皇帝企鵝", "企鵝巢穴", "帳篷", "河流", "洞穴", "冰凍",
           "輻射", "酷熱", "變異海藻", "磷蝦")  # fmt: skip
SET_NAMES = Strings({"en": {n: n for n in SETS}, "zh-TW": dict(zip(SETS, SETS_ZH, strict=True))})


def triangle_name(triangle: int) -> str:
    """A triangle by its corners ("C3-D3-C4"), as the action labels name it."""
    return "-".join(GRID.label(q) for q in GRID.triangle(triangle) or (triangle // 2,))


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


#: A kind's ``label``: (state, the decision, the answer, language, told) -> words.
Label = Callable[[Any, Decision, Action, str, bool], str | None]


def _say(key: str, lang: str, told: bool, **fields: Any) -> str:
    """``key``'s words; as the log tells them (``told``), a card's own piece is "their"."""
    if told and f"{key}.told" in ASKS:
        key = f"{key}.told"
    return ASKS(key, lang, **fields)


def _point(action: Pick) -> str:
    return GRID.label(action.point) if action.point >= 0 else ""


def picks(key: str, passes: str | None = None) -> Label:
    """The label of a kind answered by a point (``key``: "the seagull flies to {p}"), and
    maybe by a pass (``passes``: "slide on without jumping")."""

    def label(s: Any, d: Decision, action: Action, lang: str, told: bool) -> str | None:
        if isinstance(action, Pick):
            return _say(key, lang, told, p=_point(action))
        if passes is not None and isinstance(action, Pass):
            return ASKS(passes, lang)
        return None

    return label


def cancel_label(s: Any, d: Decision, action: Action, lang: str, told: bool) -> str | None:
    """A rival's answer to a card: letting it happen (a #10 reads as itself)."""
    return ASKS("cancel_pass", lang) if isinstance(action, Pass) else None


def freeplace_label(s: Any, d: Decision, action: Action, lang: str, told: bool) -> str | None:
    """A free-mode piece placed: which set's (``d.args[0]``)."""
    if not isinstance(action, Pick):
        return None
    return _say("freeplace", lang, told, p=_point(action), set=SET_NAMES(d.args[0], lang))


def river_branch_label(s: Any, d: Decision, action: Action, lang: str, told: bool) -> str | None:
    """Down a branch of the river, or off the board (point -1)."""
    if not isinstance(action, Pick):
        return None
    return _say("river_off" if action.point < 0 else "river_branch", lang, told, p=_point(action))


def point_label(s: Any, d: Decision, action: Action, lang: str, told: bool) -> str | None:
    """A point-targeting card's first point: what it is for, by the card (``d.args[0]``)."""
    key = _CARD_POINT.get(d.args[0])
    if key is None or not isinstance(action, Pick):
        return None
    return _say(key, lang, told, p=_point(action))


def to_label(s: Any, d: Decision, action: Action, lang: str, told: bool) -> str | None:
    """A moving card's second point: from the piece's point (``d.args[1]``) to this one."""
    if not isinstance(action, Pick):
        return None
    return _say("c_to", lang, told, p=_point(action), src=GRID.label(d.args[1]))


def place_label(s: Any, d: Decision, action: Action, lang: str, told: bool) -> str | None:
    """#11's piece put down: an egg or the penguin (``d.args[0]``)."""
    if not isinstance(action, Pick):
        return None
    return _say(f"c_place_{d.args[0]}", lang, told, p=_point(action))


def triangle_label(s: Any, d: Decision, action: Action, lang: str, told: bool) -> str | None:
    """#5 lays eggs on a triangle, #6 sends its eggs back (the card is ``d.args[0]``)."""
    if not isinstance(action, PickTriangle) or d.args[0] not in (5, 6):
        return None
    return ASKS(f"c_triangle{d.args[0]}", lang, names=triangle_name(action.triangle))
