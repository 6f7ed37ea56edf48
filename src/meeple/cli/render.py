"""Drawing states and actions as terminal text, for any game.

A game may declare a text plug-in (``Plugins.text``: ``render(view, seat,
lang)`` and ``action_label(action, lang)``, usually its ``text.py``);
:class:`TextRenderer` uses it when present. Otherwise it falls back to :func:`render_view`, a generic,
readable layout of the view dict, and to ``str(action)``. Either way the CLI
only ever draws ``state.view(seat)``, so a terminal never shows a secret the
seat may not see.
"""

from __future__ import annotations

import difflib
import math
import re
from collections.abc import Callable
from typing import Any

from meeple.core.actions import Action
from meeple.core.game import Game, State
from meeple.core.i18n import display_width
from meeple.core.labels import action_label, log_label

_YES_NO = {"en": ("yes", "no"), "zh-TW": ("是", "否")}


def _scalar(value: Any, lang: str = "en") -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        yes, no = _YES_NO.get(lang, _YES_NO["en"])
        return yes if value else no
    return str(value)


def _is_scalar(value: Any) -> bool:
    return value is None or isinstance(value, (str, int, float, bool))


def _grid(cells: list[Any]) -> list[str] | None:
    """Square boards of one-character cells (``["X", ".", ...]``) drawn as a grid."""
    n = len(cells)
    side = math.isqrt(n)
    if n < 4 or side * side != n:
        return None
    if not all(isinstance(c, str) and len(c) == 1 for c in cells):
        return None
    return [" ".join(cells[r * side : (r + 1) * side]) for r in range(side)]


def render_view(view: Any, indent: int = 0, lang: str = "en") -> str:
    """A generic, readable text form of a view (nested dicts and lists of JSON values).

    >>> print(render_view({"board": list("X.O.X...O"), "to_move": 1, "hand": [3, 5]}))
    board:
      X . O
      . X .
      . . O
    to_move: 1
    hand: 3, 5
    >>> print(render_view({"rolls": [[1, 3], []], "players": [{"name": "Ann", "coins": 4}]}))
    rolls:
      0: 1, 3
      1: -
    players:
      0:
        name: Ann
        coins: 4
    """
    return "\n".join(_lines(view, indent, lang))


def _lines(value: Any, indent: int, lang: str) -> list[str]:
    pad = "  " * indent
    if _is_scalar(value):
        return [pad + _scalar(value, lang)]
    if isinstance(value, dict):
        out: list[str] = []
        for key, item in value.items():
            if _is_scalar(item):
                out.append(f"{pad}{key}: {_scalar(item, lang)}")
            elif isinstance(item, (list, tuple)) and all(_is_scalar(v) for v in item):
                grid = _grid(list(item))
                if grid is not None:
                    out.append(f"{pad}{key}:")
                    out.extend(f"{pad}  {row}" for row in grid)
                else:
                    out.append(f"{pad}{key}: {', '.join(_scalar(v, lang) for v in item) or '-'}")
            else:
                out.append(f"{pad}{key}:")
                out.extend(_lines(item, indent + 1, lang))
        return out or [pad + "-"]
    if isinstance(value, (list, tuple)):
        if all(_is_scalar(v) for v in value):
            return [pad + (", ".join(_scalar(v, lang) for v in value) or "-")]
        out = []
        for i, item in enumerate(value):
            if isinstance(item, (list, tuple)) and all(_is_scalar(v) for v in item):
                out.append(f"{pad}{i}: {', '.join(_scalar(v, lang) for v in item) or '-'}")
            else:
                out.append(f"{pad}{i}:")
                out.extend(_lines(item, indent + 1, lang))
        return out
    return [pad + str(value)]


#: A terminal's width: a board line longer than this is broken (:func:`fit`).
COLUMNS = 80
#: Where a long line may break: after these, as people break a list (a space
#: only inside a piece too long for a line by itself).
_BREAKS = (", ", "; ", " · ", "，", "、", "；")


def fit(text: str, width: int = COLUMNS) -> str:
    """``text`` with every line longer than ``width`` terminal columns broken after
    a comma or semicolon, the rest indented under its start: a status line with a
    long list stays readable where the terminal would cut words in two.

    >>> print(fit("Bounty: 4 (Exalted+Harmony 3), 9 (Philosophy 3), 11 (Exalted 4)", 32))
    Bounty: 4 (Exalted+Harmony 3),
      9 (Philosophy 3),
      11 (Exalted 4)
    """
    out = []
    for line in text.split("\n"):
        if display_width(line) <= width:
            out.append(line)
            continue
        indent = " " * (len(line) - len(line.lstrip(" ")) + 2)
        pieces = []
        for piece in _pieces(line):
            if display_width(indent + piece) > width:  # a long piece: break it at spaces
                pieces += re.split(r"(?<= )", piece)
            else:
                pieces.append(piece)
        current = ""
        for piece in pieces:
            if current.strip() and display_width(current + piece.rstrip()) > width:
                out.append(current.rstrip())
                current = indent
            current += piece
        out.append(current.rstrip())
    return "\n".join(out)


def _pieces(line: str) -> list[str]:
    """``line`` cut after each list separator that stands outside brackets, so a
    bracketed part ("（成就+和諧，6 分）") is never broken in two.

    >>> _pieces("a (b, c), d；e"), _pieces("place the ad 1x1 (type a number)")
    (['a (b, c), ', 'd；', 'e'], ['place the ad 1x1 ', '(type a number)'])
    """
    pieces, depth, start, i = [], 0, 0, 0
    while i < len(line):
        ch = line[i]
        soft = ch == "（" or (ch == "(" and line[i - 1 : i] == " ")
        if depth == 0 and soft and display_width(line[start:i]) >= 10:
            pieces.append(line[start:i])  # a bracketed part may begin a line (not strand "9")
            start = i
        depth += ch in "(（[「"
        depth -= depth > 0 and ch in ")）]」"
        sep = next((b for b in _BREAKS if line.startswith(b, i)), None) if depth == 0 else None
        if sep is None:
            i += 1
            continue
        i += len(sep)
        pieces.append(line[start:i])
        start = i
    pieces.append(line[start:])
    return [p for p in pieces if p]


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


_ROW = re.compile(r"\S {2,}\S")


def _owners(lines: list[str], j: int, text: str) -> list[int]:
    """The lines above line ``j`` that ``text`` (standing there) is read under, nearest first.

    The lines less indented above it (a player's line above their holdings);
    but a row of a drawn map (cells apart by two spaces or more: "I28S  I29N")
    is read under the map's heading ("Layer ice"): the first line above that is
    no row and is indented no deeper than the map's rows.
    """
    out: list[int] = []
    depth = _indent(text)
    floor = depth if _ROW.search(text.strip()) else None  # None: not inside a map
    for k in range(j - 1, -1, -1):
        line = lines[k]
        if floor is None and depth == 0:
            break
        if not line.strip():
            continue
        if _ROW.search(line.strip()):
            if floor is not None or _indent(line) < depth:  # a row above: inside a map
                floor = min(_indent(line), depth if floor is None else floor)
            continue
        if floor is not None:
            if _indent(line) <= floor:
                out.append(k)
                break
        elif _indent(line) < depth:
            out.append(k)
            depth = _indent(line)
    return out


def changes(old: str, new: str, gone: str = "(gone) ") -> list[str] | None:
    r"""The lines of board ``new`` that differ from ``old``, each under the line it
    belongs to; ``None`` when so much changed (half the lines or more) that the
    whole board reads better.

    The terminal shows this between two choices of one turn: redrawing a
    hundred-line board for one moved figure buries the move. A changed line
    keeps the lines it is indented under (a player's line above their
    holdings), so it still says whose it is; a line that went away is shown
    once with ``gone`` before it. The lines stay in the board's order.

    >>> board = "Alice: 3 VP\n  hand: 4 cards\nBob: 2 VP\n  hand: 5 cards\nDeck: 20\nDay 1"
    >>> changes(board, board.replace("5 cards", "6 cards").replace("Deck: 20", "Deck: 19"))
    ['Bob: 2 VP', '  hand: 6 cards', 'Deck: 19']
    >>> changes(board, board.replace("Deck: 20\n", ""))
    ['(gone) Deck: 20']
    >>> changes(board, board), changes("a\nb", "c\nd")
    ([], None)

    A row of a drawn map keeps the map's heading instead:

    >>> grid = "Layer ice\n    I0 S\n  I1 S  I2 N\nI3 S  I4 T\n  I5 S  I6 S\nScore 0\nDay 1\nEnd"
    >>> changes(grid, grid.replace("I4 T", "I4 T1").replace("I6 S", "I6 ."))
    ['Layer ice', 'I3 S  I4 T1', '  I5 S  I6 .']
    """
    before, after = old.split("\n"), new.split("\n")
    shown: dict[int, str] = {}
    gone_at: dict[int, list[str]] = {}
    under: list[tuple[int, str]] = []  # (where, the line): whose owners to show
    matcher = difflib.SequenceMatcher(a=before, b=after, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        for j in range(j1, j2):
            shown[j] = after[j]
            under.append((j, after[j]))
        if tag == "delete":
            gone_at.setdefault(j1, []).extend(gone + line.strip() for line in before[i1:i2])
            under.append((j1, before[i1]))
    changed = len(shown) + sum(len(g) for g in gone_at.values())
    if 2 * changed >= max(len(before), len(after)):
        return None
    for j, text in under:  # the lines each change is read under
        for k in _owners(after, j, text):
            shown.setdefault(k, after[k])
    out: list[str] = []
    for j in sorted(set(shown) | set(gone_at)):
        out.extend(gone_at.get(j, []))
        if j in shown:
            out.append(shown[j])
    return out


class TextRenderer:
    """The text face of one game in one language: board drawings and action labels."""

    def __init__(self, game: Game, lang: str) -> None:
        self.game = game
        self.lang = lang
        text = game.plugins.text
        self._render: Callable[[dict[str, Any], int | None, str], str] | None = (
            None if text is None else text.render
        )
        #: Optional: ``action_number(action)``, the number the game's board shows
        #: on an action (tic-tac-toe's cells), which the menu then uses.
        self._number: Callable[[Action], int | None] | None = (
            None if text is None else text.action_number
        )
        #: Optional: the state the actions on screen are legal in (a game whose labels
        #: depend on it, :func:`meeple.core.labels.has_state_labels`, names them there).
        self.context: Callable[[], State | None] | None = None
        #: Optional: ``action_region(action, lang)``, the part of the board an action
        #: lies in ("row 3"), which splits a menu too long for one screen.
        self._region: Callable[[Action, str], str | None] | None = (
            None if text is None else text.action_region
        )

    def board(self, state: State, seat: int | None) -> str:
        """Draw what ``seat`` may see (``None``: a spectator)."""
        view = state.view(seat)
        if self._render is not None:
            return self._render(view, seat, self.lang)
        return render_view(view, lang=self.lang)

    def words(self, state: State, seat: int | None) -> str:
        """The position as ``seat`` may see it, in sentences where the game writes them
        (``Text.board_words``), else its board drawing: the browser's text view."""
        text = self.game.plugins.text
        words = None if text is None else text.board_words
        if words is not None:
            return words(state.view(seat), seat, self.lang)
        return self.board(state, seat)

    def label(self, action: Action, lang: str | None = None) -> str:
        """The readable name of an action (the game's label, else ``str(action)``)."""
        state = self.context() if self.context is not None else None
        return action_label(self.game, action, lang or self.lang, state)

    def label_in(self, state: State, action: Action) -> str:
        """``action``'s label in ``state``, where it was legal (the menu's words for it then)."""
        return action_label(self.game, action, self.lang, state)

    def number(self, action: Action) -> int | None:
        """The number the board shows for ``action``, if the game draws one."""
        return None if self._number is None else self._number(action)

    def region(self, action: Action) -> str | None:
        """The board region ``action`` lies in, in this language, if the game names one."""
        return None if self._region is None else self._region(action, self.lang)

    def seen_label(
        self, before: State, action: Action, actor: int | None, viewer: int | None
    ) -> str:
        """How ``viewer`` should read ``actor``'s ``action``, never leaking a secret
        (:func:`meeple.core.labels.log_label`: the same words the browser shows)."""
        return log_label(before, action, actor, viewer, self.lang)
