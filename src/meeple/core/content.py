"""Content sets: the base game and each expansion or module, as named data.

A modern board game grows by boxes: an expansion adds cards to the base game's
decks, new kinds of decision, new scoring; a module of the base box (Fit To Print's
character abilities) is switched on or off. A game declares its sets once, as
:class:`ContentSet` rows of a :class:`ContentSets` table, each with the rows it adds
to the game's tables (cards, decks, scoring lines) and, where it brings them, its
decision kinds (:mod:`meeple.core.kinds`); the table gives the game one yes/no
option per set that is not always in play, so the lobby, the terminal and the
research adapters list and validate them like every other option, and a record's
options say which sets it was played with.

Rows keep stable numbers whatever is chosen: :meth:`ContentSets.rows` lists every
set's rows, the base's first, then each set's in the order declared, and
:meth:`ContentSets.ids` the numbers of the rows in play. A card is one number in
every match, in records, views and the browser's tables, and an expansion only
appends.

What we took from others, and why: TabletopGames keeps card sets as parameter
presets of a game, python-chess its variants in one table of classes; here a set is
data (rows and kinds) plus the option that turns it on, because meeple's records,
lobby and adapters already speak options, and an expansion should be rows added
beside the base game's, not branches inside it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from meeple.core.errors import OptionError
from meeple.core.options import GameOption


@dataclass(frozen=True)
class ContentSet:
    """One set: the base game (``base=True``, always in play) or an expansion or module.

    * ``tables``: table name -> the rows this set adds to it.
    * ``kinds``: the decision kinds it brings (name -> a core ``Kind``), beside the
      base game's.
    * ``requires``: the sets it is played with only (an expansion of an expansion).
    * ``designed``: its content is meeple's own design, not published
      (../shared/research's policy), so its balance is checked by simulation.
    """

    name: str
    tables: Mapping[str, Sequence[Any]] = field(default_factory=dict)
    kinds: Mapping[str, Any] = field(default_factory=dict)
    base: bool = False
    requires: tuple[str, ...] = ()
    designed: bool = False

    def option(self) -> GameOption:
        """The yes/no option that turns this set on (named as the set: its name and help
        are that option's words in the game's vocabulary, :mod:`meeple.core.vocabulary`)."""
        return GameOption(self.name, False)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "base": self.base,
            "requires": list(self.requires),
            "designed": self.designed,
            "tables": {name: len(rows) for name, rows in self.tables.items()},
        }


class ContentSets:
    """A game's content sets in their declared order (the base first)."""

    def __init__(self, sets: Iterable[ContentSet]) -> None:
        self.sets: tuple[ContentSet, ...] = tuple(sets)
        names = [s.name for s in self.sets]
        if len(set(names)) != len(names):
            raise ValueError(f"content sets named twice: {names}")
        for s in self.sets:
            missing = [r for r in s.requires if r not in names]
            if missing:
                raise ValueError(f"content set {s.name!r} requires unknown sets {missing}")
        if self.sets and not self.sets[0].base:
            raise ValueError("the first content set is the base game (base=True)")
        #: ``ids``' answers by table and sets in play (the rules ask every turn)
        self._ids: dict[tuple[str, tuple[bool, ...]], tuple[int, ...]] = {}

    def __iter__(self) -> Any:
        return iter(self.sets)

    def options(self) -> tuple[GameOption, ...]:
        """One yes/no option per set that is not always in play."""
        return tuple(s.option() for s in self.sets if not s.base)

    def chosen(self, options: Mapping[str, Any]) -> tuple[ContentSet, ...]:
        """The sets in play with ``options``: the base sets and each one turned on."""
        return tuple(s for s in self.sets if s.base or options.get(s.name))

    def check(self, options: Mapping[str, Any]) -> None:
        """Refuse a choice of sets that cannot be played (a set without one it requires)."""
        on = {s.name for s in self.chosen(options)}
        for s in self.sets:
            if s.name in on:
                missing = [r for r in s.requires if r not in on]
                if missing:
                    raise OptionError(
                        f"{s.name} is played with {' and '.join(missing)}: turn "
                        f"{'them' if len(missing) > 1 else 'it'} on too"
                    )

    def rows(self, table: str) -> tuple[Any, ...]:
        """Every row of ``table`` from every set, the base's first: a row's place here
        is its number in every match, whatever is in play."""
        return tuple(row for s in self.sets for row in s.tables.get(table, ()))

    def ids(self, table: str, options: Mapping[str, Any]) -> tuple[int, ...]:
        """The numbers (places in :meth:`rows`) of ``table``'s rows in play."""
        on = tuple(bool(s.base or options.get(s.name)) for s in self.sets)
        found = self._ids.get((table, on))
        if found is None:
            out: list[int] = []
            start = 0
            for s, playing in zip(self.sets, on, strict=True):
                n = len(s.tables.get(table, ()))
                if playing:
                    out.extend(range(start, start + n))
                start += n
            found = self._ids[(table, on)] = tuple(out)
        return found

    def kinds(self, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The decision kinds the sets bring (all sets' when ``options`` is None: a
        record of any set must read back)."""
        sets = self.sets if options is None else self.chosen(options)
        out: dict[str, Any] = {}
        for s in sets:
            clash = set(out) & set(s.kinds)
            if clash:
                raise ValueError(f"content set {s.name!r} redeclares kinds {sorted(clash)}")
            out.update(s.kinds)
        return out

    def to_json(self) -> list[dict[str, Any]]:
        return [s.to_json() for s in self.sets]
