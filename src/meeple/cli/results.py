"""The end of a game in the terminal: why it ended, then the seats by rank.

``meeple play`` and ``meeple replay`` both end a finished game this way, so a
result reads the same wherever it is shown: the game's own end sentence
(:func:`meeple.core.labels.end_label`, a seat it names called as the terminal
calls it), then one line per seat with its rank, name and score.
"""

from __future__ import annotations

from collections.abc import Sequence

from meeple.cli.common import format_number
from meeple.cli.i18n import tr
from meeple.cli.menu import width
from meeple.core.game import State
from meeple.core.labels import end_label, rivals


def pad(text: str, columns: int) -> str:
    """Left-justify by display width: CJK characters take two terminal columns."""
    return text + " " * max(0, columns - width(text))


def result_lines(state: State, names: Sequence[str], lang: str) -> list[str]:
    """Why the finished ``state`` ended and the final table, ``names`` by seat."""
    out = []
    why = end_label(state, lang, names)
    if why:  # which end condition (or the cap), and a broken tie, seats by name
        out.append(why)
    out.append(tr("results", lang))
    scores, ranks = state.scores(), state.ranks()
    rows = [(ranks[s], 0, names[s], scores[s]) for s in range(len(ranks))]
    field = rivals(state)  # a side with no seat (a solo AI) is ranked with the seats
    if field is not None:
        rows = [(field["seat_ranks"][s], 0, names[s], scores[s]) for s in range(len(ranks))]
        rows += [(r["rank"], 1, r["name"][lang], r["score"]) for r in field["rivals"]]
    for rank, _, name, score in sorted(rows, key=lambda r: (r[0], r[1])):
        who = pad(name, 24)
        out.append(tr("result_row", lang, rank=rank, who=who, score=format_number(score)))
    return out
