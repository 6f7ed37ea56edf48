"""The legal actions as a menu people can read: short lists numbered, long ones grouped.

A position may offer hundreds of actions (Fit To Print's layout: every desk
tile at every cell, face up or down; the penguin game: an egg on any free
space, any penguin in any direction). Numbering them all buries the choice,
so a long list is grouped by the actions' own structure: first by kind
("place a tile", "explore"), then, inside a kind still too long, by its
first field (the tile, the penguin's point). A kind with only a few actions
stays listed inline, and a group is named by the words its actions' labels
share ("land an egg on …"). Opening a group lists its actions by the words
that tell them apart ("A4", "c2 face up"), in columns when they are many.
A list that still runs past :data:`SCREEN` entries (one kind, at every
place of the board) is split once more by the board's regions when the
game names them (``action_region`` of its text plug-in: "row 3"), so no
screen lists more than about thirty.

Typed text is matched against every legal action's words (its label in the
player's language, in English, and its text form), so a coordinate alone
(``A4``) takes the one action it names; text that names several, or only
begins some of their words, is answered with what it could mean
(:func:`match_text`).

Nothing here knows a game: it works from actions, their fields and labels,
so every game (ICE included) gets the same menu.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from meeple.core.actions import Action
from meeple.core.i18n import display_width

#: At most this many lines in one menu before it groups its actions.
LIMIT = 20
#: A kind with at most this many actions is listed inline, not as a group.
INLINE = 5
#: How many levels of grouping: by kind, then by the first field.
LEVELS = 2
#: The widest line of a menu laid out in columns (display columns).
WIDTH = 78
#: The most entries one screen lists in columns (one kind, many places) before
#: they are split by the board's regions, when the game names them.
SCREEN = 30

Label = Callable[[Action], str]
#: The board region an action takes place in, in the player's words ("row 3"), or None.
Region = Callable[[Action], str | None]


@dataclass(frozen=True)
class Entry:
    """One numbered line of a menu: an action, or a group of actions to open."""

    number: int
    text: str
    actions: tuple[Action, ...]
    #: A group's level: where its actions are laid out once it is opened.
    level: int = 0
    #: A group's words shared by all its labels, at their start and end.
    shared: tuple[str, str] = ("", "")
    #: A group of the actions in one region of the board: the region's name.
    region: str | None = None
    #: A page of a list too long for one screen: (its number, how many pages).
    page: tuple[int, int] | None = None

    @property
    def action(self) -> Action | None:
        """The entry's action, or ``None`` for a group."""
        return self.actions[0] if len(self.actions) == 1 else None


def _key(action: Action, level: int) -> str | None:
    """What groups ``action`` at ``level``: its kind (0), then its first field (1)..."""
    if level == 0:
        return action.kind
    fields = list(action.to_json().values())[1:]
    return str(fields[level - 1]) if level - 1 < len(fields) else None


def _partition(actions: Sequence[Action], level: int) -> list[list[Action]]:
    parts: dict[str | None, list[Action]] = {}
    for action in actions:
        parts.setdefault(_key(action, level), []).append(action)
    return list(parts.values())


@dataclass(frozen=True)
class Line:
    """One line of a menu's layout: one action, or a group to open at ``level``."""

    actions: list[Action]
    level: int
    #: The region every action of a group lies in (a group split by region).
    region: str | None = None
    #: A page of a list too long for one screen: (its number, how many pages).
    page: tuple[int, int] | None = None


def layout(
    actions: Sequence[Action], level: int = 0, limit: int = LIMIT, region: Region | None = None
) -> list[Line]:
    """The menu's lines: one action each, or groups of actions.

    A list of at most ``limit`` actions is listed whole. Otherwise the
    actions are split by their key at ``level``; the smallest parts (at
    most :data:`INLINE` actions) are listed inline while the menu stays
    within ``limit`` lines, the others become groups. A split that tells
    nothing (one part, or one action per part) moves on to the next level;
    past the last one, :func:`by_region` has the final word.
    """
    if len(actions) <= limit:
        return [Line([a], level) for a in actions]
    if level >= LEVELS:
        return paged(by_region(actions, level, region), level)
    parts = _partition(actions, level)
    if len(parts) == 1 or all(len(part) == 1 for part in parts):
        return layout(actions, level + 1, limit, region)
    lines = len(parts)
    inline: set[int] = set()
    for i in sorted(range(len(parts)), key=lambda i: len(parts[i])):
        size = len(parts[i])
        if 1 < size <= INLINE and lines - 1 + size <= limit:
            inline.add(i)
            lines += size - 1
    out: list[Line] = []
    for i, part in enumerate(parts):
        if len(part) == 1 or i in inline:
            out.extend(Line([a], level) for a in part)
        else:
            out.append(Line(part, level + 1))
    return paged(out, level)


def paged(lines: list[Line], level: int) -> list[Line]:
    """Lines past :data:`SCREEN` in pages of at most :data:`LIMIT`, each opened at
    ``level`` (so it lists the same lines again); fewer lines stay as they are.

    The last resort when nothing the game says splits a list (a desk of a
    hundred tiles): pages of consecutive lines, named by their first and last.
    """
    if len(lines) <= SCREEN:
        return lines
    count = -(-len(lines) // LIMIT)
    size = -(-len(lines) // count)
    out = []
    for n, start in enumerate(range(0, len(lines), size), 1):
        chunk = [a for line in lines[start : start + size] for a in line.actions]
        out.append(Line(chunk, level, page=(n, count)))
    return out


def by_region(actions: Sequence[Action], level: int, region: Region | None) -> list[Line]:
    """A list no field splits: whole up to :data:`SCREEN` entries, else one group per
    region of the board (a row of places), in the order the regions first come.

    Without a region for every action (the game names none, or only for
    some), the list stays whole: a group needs a name people can read.
    """
    names = [region(a) for a in actions] if region is not None else []
    if len(actions) <= SCREEN or not names or None in names or len(set(names)) < 2:
        return [Line([a], level) for a in actions]
    parts: dict[str, list[Action]] = {}
    for action, name in zip(actions, names, strict=True):
        parts.setdefault(str(name), []).append(action)
    out: list[Line] = []
    for name, part in parts.items():
        if len(part) == 1:
            out.append(Line(part, level))
        else:
            out.append(Line(part, level + 1, name))
    return out


def shared(texts: Sequence[str]) -> tuple[str, str]:
    """The words every text begins with and ends with, cut at word ends: a group's name.

    >>> shared(["land an egg on A1", "land an egg on B12"])
    ('land an egg on', '')
    >>> shared(["place tile 17 at c2 face up", "place tile 18 at a1 face up"])
    ('place tile', 'face up')
    >>> shared(["在 I0 設立營地（1 AP）", "在 I14 設立營地（1 AP）"])
    ('在', '設立營地（1 AP）')
    >>> shared(["Set up camp on I0 (1 AP)", "Set up camp on I14 (1 AP)"])
    ('Set up camp on', '(1 AP)')
    """
    if len(texts) < 2:
        return "", ""
    head = min(texts)
    for text in texts:
        while not text.startswith(head):
            head = head[:-1]
    if any(len(t) > len(head) and _word_char(t[len(head)]) for t in texts):
        while head and _word_char(head[-1]):
            head = head[:-1]
    room = min(len(t) for t in texts) - len(head)
    tail = min(texts, key=len)[len(head) :]
    for text in texts:
        while tail and not text.endswith(tail):
            tail = tail[1:]
    tail = tail[-room:] if room > 0 else ""  # never the head's words again
    if any(len(t) > len(tail) and _word_char(t[-len(tail) - 1]) for t in texts) and tail:
        while tail and _word_char(tail[0]):
            tail = tail[1:]
    head, tail = _balanced(head, tail)
    return head.rstrip(_SEPARATORS), tail.lstrip(" ,，:：;；")


_OPEN, _CLOSE = "(（[「", ")）]」"


def _balanced(head: str, tail: str) -> tuple[str, str]:
    """``head`` and ``tail`` cut so neither keeps half of a bracket pair: the words
    inside brackets that differ ("（正面朝上）", "（正面朝下）") stay whole in between.

    >>> _balanced("將照片放在 a1（正面", "）")
    ('將照片放在 a1', '')
    """
    depth, cut = 0, 0
    for i, ch in enumerate(tail):
        if ch in _OPEN:
            depth += 1
        elif ch in _CLOSE:
            depth -= 1
            if depth < 0:
                depth, cut = 0, i + 1
    tail = tail[cut:]
    depth, cut = 0, len(head)
    for i in range(len(head) - 1, -1, -1):
        if head[i] in _CLOSE:
            depth += 1
        elif head[i] in _OPEN:
            depth -= 1
            if depth < 0:
                depth, cut = 0, i
    return head[:cut], tail


def _word_char(ch: str) -> bool:
    return ch.isascii() and ch.isalnum()


_SEPARATORS = " :：,，;；(（-"


def group_name(head: str, tail: str) -> str:
    """ "land an egg on …", "Set up camp on … (1 AP)"."""
    return " ".join(part for part in (head, "…", tail) if part)


def middle(text: str, head: str, tail: str) -> str:
    """What tells ``text`` apart within its group: the words between its head and tail.

    >>> middle("place tile 17 at c2 face up", "place tile 17 at", "")
    'c2 face up'
    >>> middle("在 I14 設立營地（1 AP）", "在", "設立營地（1 AP）")
    'I14'

    A number keeps a one-word head, which says what it counts:

    >>> middle("Space 2: take the middle tile, with 1 idea", "Space", "")
    'Space 2: take the middle tile, with 1 idea'
    """
    if not text.startswith(head) or not text.endswith(tail):
        return text
    rest = text[len(head) : len(text) - len(tail)].strip(_SEPARATORS)
    if rest[:1].isdigit() and head.isalpha():
        return f"{head} {rest}"  # "Space 2: ...", not a bare "2: ..."
    return rest or text


def entries(
    actions: Sequence[Action],
    label: Label,
    level: int = 0,
    within: tuple[str, str] = ("", ""),
    number: Callable[[Action], int | None] | None = None,
    limit: int = LIMIT,
    region: Region | None = None,
) -> list[Entry]:
    """The numbered lines for ``actions``: the whole menu, or an opened group's.

    ``within`` is the opened group's shared head and tail: its actions are
    then listed by what lies between. ``number`` gives an action the number
    its game's board shows (tic-tac-toe's cells); a flat menu whose actions
    all have distinct ones uses them, so a cell keeps its number from move
    to move. ``region`` names the part of the board an action lies in, for
    lists too long for one screen (:func:`by_region`).
    """
    out: list[Entry] = []
    for i, line in enumerate(layout(actions, level, limit, region), 1):
        group = line.actions
        if len(group) == 1 and line.page is None:
            out.append(Entry(i, middle(label(group[0]), *within), (group[0],)))
        elif line.page is not None:  # named by the first and last of its lines
            inside = entries(group, label, line.level, within, limit=limit, region=region)
            name = f"{shorten(inside[0].text)} … {shorten(inside[-1].text)}"
            out.append(Entry(i, name, tuple(group), line.level, within, page=line.page))
        elif line.region is not None:
            head, tail = shared([label(a) for a in group])
            out.append(Entry(i, line.region, tuple(group), line.level, (head, tail), line.region))
        else:
            head, tail = shared([label(a) for a in group])
            # labels that share no words: named by the first, never by the kind's id
            name = group_name(head, tail) if head or tail else f"{shorten(label(group[0]), 40)} …"
            out.append(Entry(i, name, tuple(group), line.level, (head, tail)))
    if number is not None and within == ("", "") and all(e.action is not None for e in out):
        stable = [number(e.actions[0]) for e in out]
        given = [n for n in stable if n is not None]
        if len(given) == len(out) and len(set(given)) == len(given):
            out = [Entry(n, e.text, e.actions) for n, e in zip(given, out, strict=True)]
    return out


def open_group(
    entry: Entry, label: Label, limit: int = LIMIT, region: Region | None = None
) -> list[Entry]:
    """The lines of a group once chosen: its actions at the group's level, by what differs."""
    return entries(entry.actions, label, entry.level, entry.shared, limit=limit, region=region)


def shorten(text: str, most: int = 24) -> str:
    """``text`` cut to at most ``most`` terminal columns, an ellipsis marking the cut.

    >>> shorten("place the photo 2x2 (scores per adjacent ad)", 16)
    'place the photo…'
    """
    if display_width(text) <= most:
        return text
    while display_width(text) > most - 1:
        text = text[:-1]
    return text.rstrip(_SEPARATORS) + "…"


def heading(entries: Sequence[Entry], label: Label) -> str | None:
    """What a list of one kind split by region is about: its labels' shared words
    ("land an egg on …"), or None when the entries are not such a list."""
    if not any(e.region is not None for e in entries):
        return None
    head, tail = shared([label(a) for e in entries for a in e.actions])
    return group_name(head, tail) if head or tail else None


def width(text: str) -> int:
    """Terminal columns ``text`` takes (CJK characters take two)."""
    return display_width(text)


def columns(cells: Sequence[str], total: int = WIDTH) -> list[str]:
    """``cells`` laid out in as many columns as fit in ``total``, down then across.

    >>> columns(["1. A1", "2. A2", "3. B1"], total=16)
    ['1. A1  3. B1', '2. A2']
    """
    if not cells:
        return []
    cell = max(width(c) for c in cells) + 2
    across = max(1, (total + 2) // cell)
    down = -(-len(cells) // across)
    rows = []
    for r in range(down):
        row = [cells[c * down + r] for c in range(across) if c * down + r < len(cells)]
        rows.append("".join(c + " " * (cell - width(c)) for c in row[:-1]) + row[-1])
    return rows


# -- typed text ----------------------------------------------------------------------

_PUNCTUATION = re.compile(r"[,:;()!?。，：；（）「」！？、\[\]]")


def words(text: str) -> list[str]:
    """``text`` as lower-case words, punctuation dropped.

    >>> words("Explore: penguin on C3 slides E")
    ['explore', 'penguin', 'on', 'c3', 'slides', 'e']
    """
    return _PUNCTUATION.sub(" ", text.casefold()).split()


_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")


def same_word(typed: str, word: str) -> bool:
    """Whether ``typed`` is the word ``word``, or a Chinese word inside it.

    Chinese writes no spaces between words, so "結束回合" (end the turn) is one
    run of characters to :func:`words`; a player typing 結束 (end) types a
    word of it, as ``end`` is a word of "End your turn".

    >>> same_word("end", "end"), same_word("en", "end"), same_word("結束", "結束回合")
    (True, False, True)
    """
    return typed == word or (_HAN.fullmatch(typed) is not None and typed in word)


def _in_order(wanted: list[str], have: list[str], whole: bool) -> bool:
    """Whether every wanted word is (or begins) one of ``have``'s words, in order."""
    i = 0
    for w in wanted:
        while i < len(have) and not (same_word(w, have[i]) if whole else have[i].startswith(w)):
            i += 1
        if i == len(have):
            return False
        i += 1
    return True


def _together(wanted: list[str], have: list[str]) -> bool:
    """Whether the wanted words stand side by side among ``have``'s words."""
    n = len(wanted)
    return any(
        all(same_word(w, h) for w, h in zip(wanted, have[i : i + n], strict=True))
        for i in range(len(have) - n + 1)
    )


def match_text(
    entry: str, actions: Sequence[Action], names: Callable[[Action], Sequence[str]]
) -> tuple[list[Action], bool]:
    """The actions ``entry`` names, and whether it names them by whole words.

    Whole words first: ``A4`` names every action with the word "A4" in one
    of its ``names`` (its labels, its text form); words typed side by side
    ("row 3") are preferred to the same words apart ("row 1, column 3").
    When no action has them all, the actions some of whose words (or whose
    whole text) begin as typed: those are only ever offered, never taken, so
    ``take 1`` does not take tile 17.
    """
    wanted = words(entry)
    if not wanted:
        return [], False
    tiers: tuple[list[Action], list[Action], list[Action]] = ([], [], [])
    flat = " ".join(wanted)
    for action in actions:
        texts = [words(n) for n in names(action)]
        if any(_together(wanted, t) for t in texts):
            tiers[0].append(action)
        elif any(_in_order(wanted, t, True) for t in texts):
            tiers[1].append(action)
        elif any(_in_order(wanted, t, False) or " ".join(t).startswith(flat) for t in texts):
            tiers[2].append(action)
    for whole, tier in ((True, tiers[0]), (True, tiers[1]), (False, tiers[2])):
        if tier:
            return tier, whole
    return [], False
