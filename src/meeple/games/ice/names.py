"""The names of ICE's printed things in English and Traditional Chinese: layers,
terrains, artifacts, hints, the designed cards and guilds, and what a deed request
asks.

They sit below components.py and import nothing of the game (a request is handed to
:func:`deed_words`), so the browser's table there (``components.client_components``)
carries them and text.py labels with the same words: each is translated once, and no
import goes back up from the components to the text.
"""

from __future__ import annotations

from typing import Any

from meeple.core.i18n import Strings

LAYER_WORDS = Strings(
    {
        "en": {
            "ice": "ice",
            "surface": "surface",
            "middle": "middle",
            "deep": "deep",
            "edifice": "edifice",
        },
        "zh-TW": {
            "ice": "冰",
            "surface": "表",
            "middle": "中",
            "deep": "底",
            "edifice": "雄偉建築",
        },
    }
)


#: What a deed request asks, by deed (``_one`` when it asks for one), ``{layer}`` a
#: layer's word (LAYER_WORDS): the seed's requests met "by doing what the card shows".
DEED_WORDS = Strings(
    {
        "en": {
            "camp": "set up {n} camps in one day",
            "camp_one": "set up a camp",
            "call": "call archaeologists {n} times in one day",
            "call_one": "call an archaeologist",
            "step": "take {n} Explore steps in one day",
            "step_one": "take an Explore step",
            "escort": "take {n} archaeologists along on Explore steps in one day",
            "escort_one": "take an archaeologist along on an Explore step",
            "ice": "discard {n} ice tiles in one day",
            "ice_one": "discard an ice tile",
            "fall": "bring down {n} tiles in collapses in one day",
            "fall_one": "bring down a tile in a collapse",
            "edifice": "expose {n} edifices in one day",
            "edifice_one": "expose an edifice",
            "dig": "dig {n} tiles in one day",
            "dig_one": "dig a tile",
            "dig_layer": "dig {n} {layer} tiles in one day",
            "dig_layer_one": "dig a {layer} tile",
            "today": "{done}/{n} today",
        },
        "zh-TW": {
            "camp": "一天內設立 {n} 個營地",
            "camp_one": "設立 1 個營地",
            "call": "一天內呼叫考古學家 {n} 次",
            "call_one": "呼叫 1 次考古學家",
            "step": "一天內探索 {n} 步",
            "step_one": "探索 1 步",
            "escort": "一天內探索時共帶著 {n} 位考古學家",
            "escort_one": "探索時帶著 1 位考古學家",
            "ice": "一天內棄置 {n} 塊冰層版塊",
            "ice_one": "棄置 1 塊冰層版塊",
            "fall": "一天內讓 {n} 塊版塊塌陷",
            "fall_one": "讓 1 塊版塊塌陷",
            "edifice": "一天內讓 {n} 座雄偉建築露出",
            "edifice_one": "讓 1 座雄偉建築露出",
            "dig": "一天內挖掘 {n} 塊版塊",
            "dig_one": "挖掘 1 塊版塊",
            "dig_layer": "一天內挖掘 {n} 塊{layer}層版塊",
            "dig_layer_one": "挖掘 1 塊{layer}層版塊",
            "today": "今天 {done}/{n}",
        },
    }
)


def deed_words(request: Any, lang: str) -> str:
    """What deed request ``request`` (a ``components.Request``) asks, in ``lang``: "dig 2
    deep tiles in one day"."""
    key = request.deed + ("_layer" if request.layer >= 0 else "")
    key += "_one" if request.times == 1 else ""
    layer = LAYER_WORDS(request.layer_name, lang) if request.layer >= 0 else ""
    return DEED_WORDS(key, lang, n=request.times, layer=layer)


#: Names of the printed things: terrains (``terrain_``), artifacts (``art_``), hints
#: (``hint_``), an empty tile, and the designed cards, guilds and phases by their
#: data.toml keys.
NAMES = Strings(
    {
        "en": {
            "hint_glint": "glint",
            "hint_frost": "frost",
            "hint_shadow": "shadow",
            "terrain_camp": "camp",
            "terrain_fault": "fault",
            "terrain_nunatak": "nunatak",
            "terrain_tunnel": "tunnel",
            "terrain_snow": "snow",
            "art_accomplishment": "Accomplishment",
            "art_exalted": "Exalted",
            "art_harmony": "Harmony",
            "art_philosophy": "Philosophy",
            "art_obliteration": "Obliteration",
            "art_prism": "Prism",
            "empty": "empty tile",
            "base_camp": "Base camp",
            "clear_skies": "Clear skies",
            "blizzard": "Blizzard",
            "reinforcements": "Reinforcements",
            "thaw": "Thaw",
            "festival": "Festival",
            "short_day": "Short day",
            "last_light": "Last light",
            "navigators": "Navigators",
            "incandescents": "Incandescents",
            "cryoarchitects": "Cryoarchitects",
            "enlightened": "Enlightened",
            "alchemists": "Alchemists",
            "archivists": "Archivists",
            "variety": "Variety",
            "matched": "Matched sets",
            "ice_keepers": "Ice keepers",
            "luminaries": "Luminaries",
            "surveyors": "Surveyors",
            "edifice_finders": "Edifice finders",
            "full_boards": "Full boards",
            "observatory": "Observatory",
            "forge": "Forge",
            "hall": "Hall of fame",
            "barracks": "Barracks",
            "archive": "Archive",
            "keep": "choosing requests",
            "turn": "turn",
            "end_of_day": "night",
            "over": "over",
        },
        "zh-TW": {
            "hint_glint": "閃光",
            "hint_frost": "霜紋",
            "hint_shadow": "暗影",
            "terrain_camp": "營地",
            "terrain_fault": "斷層",
            "terrain_nunatak": "冰原島峰",
            "terrain_tunnel": "隧道",
            "terrain_snow": "皚皚白雪",
            "art_accomplishment": "成就",
            "art_exalted": "顯赫",
            "art_harmony": "和諧",
            "art_philosophy": "哲學",
            "art_obliteration": "滅跡",
            "art_prism": "稜鏡",
            "empty": "空版塊",
            "base_camp": "前進營地",
            "clear_skies": "晴空",
            "blizzard": "暴風雪",
            "reinforcements": "增援",
            "thaw": "融雪",
            "festival": "慶典",
            "short_day": "短日",
            "last_light": "餘暉",
            "navigators": "領航者",
            "incandescents": "熾光會",
            "cryoarchitects": "冰構師",
            "enlightened": "啟明會",
            "alchemists": "煉金師",
            "archivists": "檔案官",
            "variety": "百花齊放",
            "matched": "成雙成對",
            "ice_keepers": "守冰人",
            "luminaries": "明燈",
            "surveyors": "測量員",
            "edifice_finders": "雄偉建築發現者",
            "full_boards": "滿載而歸",
            "observatory": "觀星台",
            "forge": "鍛造坊",
            "hall": "名人堂",
            "barracks": "營房",
            "archive": "檔案館",
            "keep": "選擇請求卡",
            "turn": "回合",
            "end_of_day": "夜晚",
            "over": "結束",
        },
    }
)
