"""What an age's deck is made of at a player count: one definition for the engine's deal,
the checker's deck arithmetic, the search's model of the hidden cards, the invariants of
a game and the card lists.

An age's cards with `copies` lines give their copies from each threshold reached (the
rest stay in the box); each `add N random COLOR cards` of the age draws from the cards of
those colours that have no `copies` line.  Works on the checker's cards and on the
compiled ones alike (both have `age`, `color` and `copies`)."""

from __future__ import annotations

import attrs


@attrs.frozen
class Draw:
    """One random addition: `count` cards (at this player count, at least 0) drawn from `pool`."""
    addition: object               # the rules' `add ...` line (its span, its count at each player count)
    count: int
    pool: tuple                    # the cards it draws from, in the rule set's order


@attrs.frozen
class AgeDeck:
    dealt: tuple                   # (card, copies dealt) for every card of the age, in order
    boxed: tuple                   # (card, copies left in the box at this player count)
    draws: tuple                   # a Draw per random addition, in order

    @property
    def size(self) -> int:
        """Cards dealt in all: the fixed copies and every draw's count."""
        return sum(n for _card, n in self.dealt) + sum(d.count for d in self.draws)


def age_deck(cards, age, players: int) -> AgeDeck:
    """The deck of `age` (a rules' age) at `players` (the decks' player count)."""
    in_age = [c for c in cards if c.age == age.number]
    dealt, boxed = [], []
    for card in in_age:
        n = sum(1 for threshold in card.copies if threshold <= players)
        dealt.append((card, n))
        boxed.append((card, len(card.copies) - n))
    draws = []
    for add in age.random_additions:
        colors = {c.text for c in add.colors}
        pool = tuple(c for c in in_age if c.color in colors and not c.copies)
        draws.append(Draw(add, max(0, add.count.at(players)), pool))
    return AgeDeck(tuple(dealt), tuple(boxed), tuple(draws))


def dealing(tables, age, players: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple]:
    """`age_deck` as the engine deals it (`deck_of`), made by the compile pass for every
    player count the rules deal for (compile/tables.py `Tables.decks`).  Another count (the
    search's model of a table asks for any) or an age whose deals differ is worked out
    once per compiled rule set, age and count, kept with the tables; the deck depends on
    the age's number and additions alone, not on a table's hand size."""
    found = tables.decks.get((age.number, players))
    if found is not None:
        return found
    return tables.cached(("dealing", age.number, players), lambda: deck_of(tables, age, players))


def deck_of(tables, age, players: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple]:
    """(the fixed copies dealt, the copies left in the box, (pool, count) per random
    addition) of `age` at `players`, in card indexes."""
    plan = age_deck(tables.cards, age, players)
    return (tuple(card.index for card, n in plan.dealt for _ in range(n)),
            tuple(card.index for card, n in plan.boxed for _ in range(n)),
            tuple((tuple(c.index for c in draw.pool), draw.count) for draw in plan.draws))


def pooled(cards, ages) -> set:
    """The names of the cards drawn at random in some age (they have no copies of their own)."""
    return {card.name for age in ages for draw in age_deck(cards, age, 0).draws for card in draw.pool}
