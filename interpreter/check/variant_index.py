"""Where a variant's changes land: the base items and the rules' statements, changed in
place and indexed by what a change names, so that each change costs the same however many
came before it.  A removed entry leaves a hole (None), so positions stay valid, and the
indexes find a card, a wonder, a named trigger, a score category or a statement kind
without a scan.  Copying the items or the rules' body for every change made a variant of
thousands of changes quadratic (issue 11, item 7).

Apart from variant_apply.py, which says what each kind of change does and what it reports,
because keeping positions and indexes true is one concern of its own: a change only puts
an entry at a position (Entries._put_item, _put_statement), never touches an index."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from ..kinds.effects import part_of
from ..syntax import ast
from .rules import quiet_age_number


class Index:
    """Positions by key.  Adding, dropping and finding the first are independent of how
    many positions a key has, but for the first (the smallest position, found in order of
    addition while positions are only added at the end)."""

    def __init__(self) -> None:
        self._at: dict[object, dict[int, None]] = {}     # key -> {position: None}, an ordered set

    def add(self, key: object, position: int) -> None:
        found = self._at.setdefault(key, {})
        if found and position < next(reversed(found)):
            found[position] = None         # placed before others: keep the set in order
            self._at[key] = dict.fromkeys(sorted(found))
        else:
            found[position] = None

    def drop(self, key: object, position: int) -> None:
        del self._at[key][position]

    def get(self, key: object) -> list[int]:
        return list(self._at.get(key, ()))

    def first(self, key: object) -> int | None:
        return next(iter(self._at.get(key, ())), None)

    def keys(self) -> list[Any]:
        return [k for k, found in self._at.items() if found]


class Entries:
    """The items and the rules' statements, each findable by what a change names: a card,
    a wonder or a table among the items; a kind of statement, an age, a named trigger, a
    score category, a phase, a zone or a `sit out` among the rules' statements."""

    def __init__(self, items: list[Any]) -> None:
        self.items: list[Any] = list(items)
        self.cards, self.wonders, self.tables = Index(), Index(), Index()
        for i, item in enumerate(self.items):
            for index, key in self._item_keys(item):
                index.add(key, i)
        self.rules_at = next((i for i, item in enumerate(self.items) if isinstance(item, ast.Rules)), None)
        self.body: list[Any] = list(self.items[self.rules_at].body) if self.rules_at is not None else []
        self.body_changed = False
        self.kinds, self.ages, self.triggers, self.scores = Index(), Index(), Index(), Index()
        self.phases, self.zones, self.sit_outs = Index(), Index(), Index()
        for i, stmt in enumerate(self.body):
            self._index_statement(stmt, i)

    def _statement_keys(self, stmt: object) -> list[tuple[Index, object]]:
        keys: list[tuple[Index, object]] = [(self.kinds, type(stmt))]
        effect: Any = stmt            # (an effect of kinds/effects/: its fields as its kind has them)
        if isinstance(stmt, ast.AgeRules):         # an age block is also the phase "age X"
            keys += [(self.ages, quiet_age_number(stmt.age.text)), (self.phases, f"age {stmt.age.text}")]
        elif (part := part_of(stmt)) == "triggers" and effect.name:      # a trigger, by its name
            keys.append((self.triggers, effect.name.text))
        elif part == "scores":                                           # a score line, by its category
            keys.append((self.scores, effect.category.text))
        elif isinstance(stmt, ast.Phase):
            keys.append((self.phases, stmt.name.text))
        elif isinstance(stmt, ast.ZoneDecl):
            keys.append((self.zones, stmt.name.text))
        elif isinstance(stmt, ast.SitOut):
            keys.append((self.sit_outs, stmt.kind.text))
        return keys

    def _index_statement(self, stmt: object, i: int) -> None:
        for index, key in self._statement_keys(stmt):
            index.add(key, i)

    def _item_keys(self, item: object) -> list[tuple[Index, object]]:
        if isinstance(item, ast.Card):
            return [(self.cards, item.name.text)]
        if isinstance(item, ast.Wonder):
            return [(self.wonders, item.name.text)]
        if isinstance(item, ast.Table):
            return [(self.tables, item.players.value)]
        return []

    def result(self) -> list[Any]:
        """The items, changes applied, holes closed."""
        items = self.items
        if self.body_changed and self.rules_at is not None:
            items = list(items)
            items[self.rules_at] = attrs.evolve(items[self.rules_at], body=tuple(s for s in self.body if s is not None))
        return [item for item in items if item is not None]

    def _put_item(self, i: int | None, item: object) -> None:
        """Place `item` at position i (None: at the end), or remove position i (item None)."""
        self.items, i = _put(self.items, i, item, self._item_keys)

    def _put_statement(self, i: int | None, stmt: object) -> None:
        """The same for a statement of the rules' body."""
        self.body_changed = True
        self.body, i = _put(self.body, i, stmt, self._statement_keys)


def _put(entries: list[Any], i: int | None, entry: object,
         keys_of: Callable[[object], list[tuple[Index, object]]]) -> tuple[list[Any], int]:
    """entries[i] = entry (appended when i is None; entry None leaves a hole), the indexes
    that `keys_of` names kept up to date: only the keys that change are touched."""
    if i is None:
        i = len(entries)
        entries.append(None)
    old = set(keys_of(entries[i])) if entries[i] is not None else set()
    new = set(keys_of(entry)) if entry is not None else set()
    for index, key in old - new:
        index.drop(key, i)
    for index, key in new - old:
        index.add(key, i)
    entries[i] = entry
    return entries, i
