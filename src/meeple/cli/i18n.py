"""Terminal strings of the ``meeple`` command, in English and Traditional Chinese.

Every line the CLI shows a player goes through :func:`tr`, so adding a language
is adding one table here. Keys are stable identifiers; values are
``str.format`` templates. A missing key in one language is a bug, and
``tests/cli/test_i18n.py`` checks both tables hold the same keys and fields.
"""

from __future__ import annotations

import string

from meeple.core.errors import OptionError

LANGS: tuple[str, ...] = ("en", "zh-TW")

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "welcome": "{title}: you are player {n}. Type 'help' for commands.",
        "seed": "seed {seed} (replay this deal with --seed {seed})",
        "opponents": "opponents: {bots}",
        "seat_name": "player {n}",
        "seat_you": "player {n} (you)",
        "seat_bot": "player {n} ({bot})",
        "chance": "chance",
        "clock_starts": "The clock runs: {m}:{s:02d} for this round (type in time!).",
        "time_left": "[{m}:{s:02d} left] ",
        "clock_action": "the clock: {label}",
        "waiting_clock": "Nothing for you to do until the clock runs out; waiting.",
        "your_turn": "Your turn ({seat}). Legal actions:",
        "prompt": "Your choice [{numbers}, help]: ",
        "prompt_group": "Your choice [{numbers}, back, help]: ",
        "group": "{text} ({n} choices)",
        "group_open": "{text} (type a number, or 'back' for the whole list):",
        "one_kind": "{text} (type a number):",
        "by_region": "first the part of the board, or type a place such as {example}",
        "by_region_of": "{what} ({then}):",
        "by_region_alone": "{then}:",
        "could_mean": "'{text}' could mean (type a number, or more of the text):",
        "too_many": "'{text}' could mean {n} actions, such as: {examples}. Type more of it.",
        "played": "{who} -> {label}",
        "chance_result": "{who}: {label}",
        "changes": "What changed on the board (type 'board' to see all of it):",
        "changes_since": "What changed on the board since your last choice (type 'board' to see all of it):",
        "no_changes": "Nothing changed on the board (type 'board' to see all of it).",
        "gone": "(gone) ",
        "help": (
            "Commands:\n"
            "  NUMBER      take the action with that number, or open that group\n"
            "              (a long list is grouped: choose the kind, then the place)\n"
            "  TEXT        take the action by its text: as listed, its short form, or\n"
            "              a word of it that names one action (a place such as A4);\n"
            "              text naming several lists them\n"
            "  back        from a group, back to the whole list\n"
            "  undo        take back your last action of this turn (not once\n"
            "              hidden information or randomness was revealed)\n"
            "  board       draw the whole board again (between the choices of\n"
            "              one turn, only what changed on it is shown)\n"
            "  help        show this help\n"
            "  quit        leave the game"
        ),
        "bad_number": "There is no action {number}: choose between 1 and {n}.",
        "bad_number_of": "There is no action {number} now: choose one of {numbers}.",
        "illegal": "'{text}' is not legal now. Choose one of the listed actions.",
        "garbled": "'{text}' is neither a number nor an action. Type 'help' for commands.",
        "empty": "Please type the number of an action (or 'help').",
        "confirm": "Type 'yes' to go ahead, anything else to choose again: ",
        "not_taken": "Not taken: choose again.",
        "undone": "Undone: {label}",
        "cannot_undo": "Nothing of yours to undo in this turn.",
        "cannot_undo_revealed": "'{label}' showed something that was hidden or left to chance "
        "(a card drawn, a tile turned up), so it cannot be taken back.",
        "cannot_undo_chance": "Since your last action, chance showed something ({label}), so "
        "your action cannot be taken back.",
        "quit": "You left the game; it was not finished.",
        "eof": "Input ended; the game was not finished.",
        "game_over": "Game over.",
        "results": "Final results:",
        "result_row": "  rank {rank}  {who} score {score}",
        "you_won": "You won!",
        "you_tied": "You share first place.",
        "you_lost": "You finished rank {rank} of {n}.",
        "you_lost_solo": "You lost.",
        "saved": "match saved to {path}",
        "replay_header": "{title}: {players} players, seed {seed}, {n} actions",
        "replay_step": "[{i}/{n}] {who} -> {label}",
        "replay_next": "(Enter: next, q: stop) ",
        "replay_stopped": "stopped after {i} of {n} actions",
        "replay_end": "end of record",
        "replay_unfinished": "the record ends before the game does",
        "verified": "verified: replaying {n} actions reproduces the recorded result",
        "verified_unfinished": "verified: all {n} actions replay; the game was left unfinished",
        "verified_old_solo": "verified: replaying {n} actions reproduces the recorded scores and "
        "ranks. The record names player 1 the winner because it was saved before a lost solo "
        "game stopped naming one; a lost solo game has no winner now, so the replay names none.",
        "scores": "scores: {scores}",
        "ranks": "ranks: {ranks}",
        "options": "Options: {options}",
    },
    "zh-TW": {
        "welcome": "{title}：你是玩家 {n}。輸入「說明」查看指令。",
        "seed": "種子 {seed}（用 --seed {seed} 可重現這一局）",
        "opponents": "對手：{bots}",
        "seat_name": "玩家 {n}",
        "seat_you": "玩家 {n}（你）",
        "seat_bot": "玩家 {n}（{bot}）",
        "chance": "隨機",
        "clock_starts": "計時開始：本輪 {m}:{s:02d}（請在時間內輸入！）。",
        "time_left": "[剩 {m}:{s:02d}] ",
        "clock_action": "計時器：{label}",
        "waiting_clock": "時間到之前你沒有可做的事；等待中。",
        "your_turn": "輪到你（{seat}）。合法行動：",
        "prompt": "你的選擇 [{numbers}，說明]：",
        "prompt_group": "你的選擇 [{numbers}，返回，說明]：",
        "group": "{text}（{n} 個選項）",
        "group_open": "{text}（輸入編號，或輸入「返回」回到完整清單）：",
        "one_kind": "{text}（輸入編號）：",
        "by_region": "先選盤面區域，或直接輸入位置，例如 {example}",
        "by_region_of": "{what}（{then}）：",
        "by_region_alone": "{then}：",
        "could_mean": "'{text}' 可能是指（輸入編號，或多打幾個字）：",
        "too_many": "'{text}' 可能是指 {n} 個行動，例如：{examples}。請多打幾個字。",
        "played": "{who} -> {label}",
        "chance_result": "{who}：{label}",
        "changes": "盤面上的變化（輸入「盤面」看完整盤面）：",
        "changes_since": "你上次選擇之後，盤面上的變化（輸入「盤面」看完整盤面）：",
        "no_changes": "盤面沒有變化（輸入「盤面」看完整盤面）。",
        "gone": "（已移除）",
        "help": (
            "指令：\n"
            "  數字        執行該編號的行動，或打開該組\n"
            "              （行動很多時會分組：先選種類，再選位置）\n"
            "  文字        以文字執行行動：列出的文字、其簡寫，或只指向\n"
            "              一個行動的字（例如位置 A4）；指向多個時會列出\n"
            "  返回 back   從分組回到完整清單\n"
            "  收回 undo   收回你本回合的上一個行動\n"
            "              （隱藏資訊或隨機結果揭露後不可收回）\n"
            "  盤面 board  重新顯示完整盤面（同一回合的各個選擇之間，\n"
            "              只顯示盤面上改變的部分）\n"
            "  說明 help   顯示本說明\n"
            "  離開 quit   離開遊戲"
        ),
        "bad_number": "沒有第 {number} 個行動：請在 1 到 {n} 之間選擇。",
        "bad_number_of": "現在沒有行動 {number}：請從 {numbers} 中選擇。",
        "illegal": "'{text}' 現在不合法。請從列出的行動中選擇。",
        "garbled": "'{text}' 既不是編號也不是行動。輸入「說明」查看指令。",
        "empty": "請輸入行動的編號（或「說明」）。",
        "confirm": "輸入「是」確定，輸入其他內容則重新選擇：",
        "not_taken": "未執行：請重新選擇。",
        "undone": "已收回：{label}",
        "cannot_undo": "本回合沒有你可以收回的行動。",
        "cannot_undo_revealed": "「{label}」揭露了原本隱藏或未定的資訊（例如抽了牌、翻開了版塊），"
        "所以不能收回。",
        "cannot_undo_chance": "你上一個行動之後，隨機結果已經揭曉（{label}），所以不能收回。",
        "quit": "你離開了遊戲；這局尚未結束。",
        "eof": "輸入已結束；這局尚未結束。",
        "game_over": "遊戲結束。",
        "results": "最終結果：",
        "result_row": "  第 {rank} 名  {who} 分數 {score}",
        "you_won": "你贏了！",
        "you_tied": "你並列第一。",
        "you_lost": "你在 {n} 人中排名第 {rank}。",
        "you_lost_solo": "你輸了。",
        "saved": "對局已存至 {path}",
        "replay_header": "{title}：{players} 位玩家，種子 {seed}，共 {n} 個行動",
        "replay_step": "[{i}/{n}] {who} -> {label}",
        "replay_next": "（Enter：下一步，q：停止）",
        "replay_stopped": "已在 {n} 個行動中的第 {i} 個後停止",
        "replay_end": "紀錄結束",
        "replay_unfinished": "紀錄在遊戲結束前就中止了",
        "verified": "驗證成功：重播 {n} 個行動得到與紀錄相同的結果",
        "verified_unfinished": "驗證成功：{n} 個行動都能重播；這局未完成就離開了",
        "verified_old_solo": "驗證成功：重播 {n} 個行動得到與紀錄相同的分數和名次。紀錄把玩家 1 "
        "列為勝者，因為它存檔時，輸掉的單人遊戲仍會列出勝者；現在輸掉的單人遊戲沒有勝者，"
        "所以重播不列出勝者。",
        "scores": "分數：{scores}",
        "ranks": "名次：{ranks}",
        "options": "選項：{options}",
    },
}


#: The words that are commands at the prompt, in any language: a player in Chinese may
#: type 說明 or help. Checked before actions, so no action's whole text may be one.
COMMANDS: dict[str, tuple[str, ...]] = {
    "quit": ("quit", "exit", "q", "離開"),
    "help": ("help", "?", "h", "說明"),
    "board": ("board", "show", "盤面"),
    "back": ("back", "返回"),
    "undo": ("undo", "收回"),
}


def command_of(text: str) -> str | None:
    """The command ``text`` names (``"quit"``, ``"help"``...), or None for anything else.

    >>> command_of("說明"), command_of(" QUIT "), command_of("take pair 2")
    ('help', 'quit', None)
    """
    word = text.strip().lower()
    return next((name for name, words in COMMANDS.items() if word in words), None)


#: The bots' names in Chinese; a spec's parameters (``iters=300``) stay as typed.
BOT_NAMES_ZH: dict[str, str] = {
    "random": "隨機電腦",
    "greedy": "貪心電腦",
    "heuristic": "策略電腦",
    "mcts": "搜尋電腦（MCTS）",
    "ismcts": "搜尋電腦（ISMCTS）",
}


def bot_name(spec: str, lang: str) -> str:
    """A bot as players read it: its spec in English, its name in Chinese.

    >>> bot_name("mcts:iters=300", "zh-TW"), bot_name("random", "en")
    ('搜尋電腦（MCTS） iters=300', 'random')
    """
    if lang != "zh-TW":
        return spec
    name, _, params = spec.partition(":")
    base = BOT_NAMES_ZH.get(name, name)
    return f"{base} {params}" if params else base


def check_lang(lang: str) -> str:
    """Normalize a ``--lang`` value (``zh-tw``, ``zh_TW`` and ``zh`` all mean ``zh-TW``)."""
    key = lang.strip().replace("_", "-").lower()
    if key in ("en", "en-us", "en-gb"):
        return "en"
    if key in ("zh-tw", "zh", "zh-hant", "zh-hant-tw"):
        return "zh-TW"
    raise OptionError(f"unknown language {lang!r}; choose one of {', '.join(LANGS)}")


def tr(key: str, lang: str, **fields: object) -> str:
    """The string ``key`` in ``lang``, formatted with ``fields``.

    >>> tr("played", "en", who="seat 1", label="place 4")
    'seat 1 -> place 4'
    """
    return STRINGS[lang][key].format(**fields)


def template_fields(template: str) -> set[str]:
    """The ``{field}`` names a template uses (for the consistency test)."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}
