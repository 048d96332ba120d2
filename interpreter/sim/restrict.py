"""Restricted play (Jaffe et al., "Evaluating competitive game balance with restricted
play"): what a card, a colour or a wonder side is worth, measured by playing the same
deal twice, once as dealt and once with one seat forbidden the card (or made to prefer
it, or given the wonder side), and reading the change in that seat's result.

"Cities that built X won more" compares different cities (the leaders can afford X);
the same deal played with and without X compares the same city with itself, so the
difference is X's doing (on average over the deals, for these players).

A restriction is a wrapper around any decider (a bot, a person, a log): it filters the
options of its seat's own decisions before the decider sees them, so no bot needs to
know about it.  Forbidding a card removes its builds only (the card may still be sold or
put under a wonder stage); preferring it keeps only its builds whenever one is legal.
A wonder side is given by exchanging boards before the first decision.

A target is written as text (`--value "CARD"`, `--value COLOUR`, `--value "WONDER SIDE"`)
and travels to the workers as its key (`forbid:CARD`), read back against the rules
there.  The rotation: game i restricts seat i mod N.
"""

from __future__ import annotations

import attrs

from ..errors import WondersError
from ..engine.moves import BUILD

MODES = ("forbid", "prefer", "side")


class UnknownTarget(WondersError, ValueError):
    """A `--value` that names no card, colour or wonder side of the rules."""


@attrs.frozen
class Target:
    """What one study restricts: `mode` forbid, prefer or side; `name` a card's name, a
    colour, or "Wonder Side"; `cards` the card indexes (empty for a side)."""
    mode: str
    name: str
    kind: str                                # "card", "colour" or "side"
    cards: frozenset[int] = frozenset()
    wonder: str = ""
    side: str = ""
    card_names: tuple[str, ...] = ()        # the names of `cards`, sorted

    @classmethod
    def of_cards(cls, tables, mode: str, name: str, kind: str, cards) -> Target:
        cards = frozenset(cards)
        return cls(mode, name, kind, cards, card_names=tuple(sorted({tables.cards[i].name for i in cards})))

    @property
    def key(self) -> str:
        return f"{self.mode}:{self.name}"

    @property
    def label(self) -> str:
        return f"given {self.name}" if self.mode == "side" else f"{self.mode} {self.name}"


def resolve(tables, text: str, mode: str = "forbid") -> Target:
    """The target `text` names in these rules: a wonder side ("WONDER A"), a card or a
    colour (exact, then ignoring case); `mode` forbid or prefer (a side is always given).
    Raises UnknownTarget with the closest names."""
    text = text.strip()
    sides = {f"{s.wonder} {s.side}": s for s in tables.sides}
    cards = {c.name for c in tables.cards}
    colours = list(tables.ruleset.vocabulary.colors)
    for exact in (True, False):
        def same(a: str, b: str) -> bool:
            return a == b if exact else a.casefold() == b.casefold()
        found = next((n for n in sides if same(n, text)), None)
        if found is not None:
            if mode == "prefer":
                raise UnknownTarget(f"{found!r} is a wonder side: a side is valued with --value (the seat is "
                                    "given it), not preferred")
            return Target("side", found, "side", wonder=sides[found].wonder, side=sides[found].side)
        found = next((n for n in cards if same(n, text)), None)
        if found is not None:
            return Target.of_cards(tables, mode, found, "card",
                                   (i for i, c in enumerate(tables.cards) if c.name == found))
        found = next((n for n in colours if same(n, text)), None)
        if found is not None:
            return Target.of_cards(tables, mode, found, "colour",
                                   (i for i, c in enumerate(tables.cards) if c.color == found))
    from ..diagnostics import did_you_mean
    guess = did_you_mean(text, [*cards, *colours, *sides])
    hint = f"; did you mean {guess!r}?" if guess else ""
    raise UnknownTarget(f"{text!r} is not a card, a colour or a wonder side of these rules{hint} "
                        f"(colours: {', '.join(colours)}; a side is written like {next(iter(sides), 'Wonder A')!r})")


def from_key(tables, key: str) -> Target:
    """The target of a key (`forbid:CARD`, `side:WONDER A`) in these rules."""
    mode, _, name = key.partition(":")
    if mode not in MODES:
        raise UnknownTarget(f"{key!r} is not a study of a card, colour or side")
    target = resolve(tables, name, "forbid" if mode == "side" else mode)
    if (target.mode == "side") != (mode == "side"):
        raise UnknownTarget(f"{key!r} names a {target.kind}, not what {mode!r} studies")
    return target


class Restricted:
    """A decider whose own seat never builds `cards` (`prefer`: builds one of them whenever
    it can), wrapping `inner`.  Decisions for other cities (a neutral city it holds) and
    decisions with no build of those cards pass through untouched, so a game where the
    restriction never bites is the game as dealt, choice for choice."""

    def __init__(self, inner, seat: int, cards: frozenset[int], prefer: bool):
        self.inner, self.seat, self.cards, self.prefer = inner, seat, cards, prefer

    def kept(self, options) -> list[int] | None:
        """The indexes of the options left to choose from, or None: all of them."""
        cards = self.cards
        hits = [i for i, o in enumerate(options) if o.kind == BUILD and o.card in cards]
        if not hits:
            return None
        if self.prefer:
            return hits if len(hits) < len(options) else None
        hit = set(hits)
        rest = [i for i in range(len(options)) if i not in hit]
        return rest or None           # nothing else to do: the rules leave no choice

    def decide(self, game, seat, kind, options):
        if seat != self.seat:
            return self.inner.decide(game, seat, kind, options)
        kept = self.kept(options)
        if kept is None:
            return self.inner.decide(game, seat, kind, options)
        answer = self.inner.decide(game, seat, kind, [options[i] for i in kept])
        return kept[answer] if isinstance(answer, int) else answer


def give_side(game, seat: int, wonder: str, side: str) -> None:
    """Before the first decision: `seat` plays `wonder` on `side`; the city that was dealt
    that wonder (if any) takes the seat's board instead, so every other city keeps a board
    and the deal of cards is unchanged."""
    from ..engine.city import City
    info = next(s for s in game.tables.sides if s.wonder == wonder and s.side == side)
    cities = game.cities
    coins = game.tables.rules.starting_coins
    holder = next((c.seat for c in cities if c.side.wonder == wonder), None)
    if holder is not None and holder != seat:
        cities[holder] = City(game.tables, holder, cities[holder].name, cities[seat].side, coins)
    cities[seat] = City(game.tables, seat, cities[seat].name, info, coins)


def restrict(target: Target, seat: int):
    """The `adjust(game, deciders)` of records.play_game that plays `target` at `seat`."""
    def adjust(game, deciders):
        if target.mode == "side":
            give_side(game, seat, target.wonder, target.side)
            return deciders
        deciders = list(deciders)
        deciders[seat] = Restricted(deciders[seat], seat, target.cards, target.mode == "prefer")
        return deciders
    return adjust
