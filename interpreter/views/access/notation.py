"""How a card or a wonder side is written for a reader: in English words (`--notation
standard`) or in the accessible edition's kit notation (`--notation accessible`).

The kit's letters and marks are content (content/notation/accessible.toml: a resource is a
letter, a science symbol `&` `@` `#`, a coin `$`, a point `v`, a shield `x`); this module
only composes them from the effect objects, in the rulebook's order: the age first, then
the cost, the effect, the chains and "play N".  Effects the kit has no mark for (a free
build, a copied guild) keep their English words, with the marks for any amounts in them.
"""

from __future__ import annotations

from ...check.model import CardDef, Cost, RuleSet, SideDef
from ...check.notation_table import KitTable, read_table, table_path
from ...check.rules import roman
from ..describe import and_list, cost_text, describer, effect_text
from ..describe_nl import en_list
from ...i18n import _, language, names, ngettext
from ...kinds.actions import kind_of
from ...kinds.conditions import condition_kind
from ...kinds.expressions import expression_kind
from ...kinds.effects import effect_kind_of
from ...printable import printable


class Words:
    """Cards, wonder sides and the cards of a game's text in words (`--notation standard`),
    in the chosen language: the content's names from its translations, the effects from
    the language's describer, the label's own words from the program's catalog.  The
    writers of a game's text (views/play_log.text_log, views/replay, commands/human, the score
    table) ask this object how to name a card, so each notation and language is chosen
    where the text is made."""

    standard = True

    def __init__(self, ruleset: RuleSet):
        self.ruleset = ruleset
        self._chains_to: dict[str, list[str]] = {}
        self._by_age: dict[tuple[str, str], CardDef] = {}
        for card in ruleset.cards:
            self._by_age.setdefault((card.name, roman(card.age)), card)
            for earlier in card.chains:
                self._chains_to.setdefault(earlier, []).append(card.name)
        from ..cards import pooled_names
        self._pooled = pooled_names(ruleset)

    # -- the parts a label is made of
    def name(self, card: CardDef) -> str:
        return names().card(card.name)

    def color(self, card: CardDef) -> str:
        n = names()
        return n.kind(card.color) or n.color(card.color) if language() != "en" else card.color

    def age(self, card: CardDef) -> str:
        if card.deck:                          # dealt by a phase from its deck, in no age
            return _('deck "{deck}"').format(deck=card.deck)
        return _("age {age}").format(age=roman(card.age))

    def cost(self, cost: Cost) -> str:
        return cost_text(cost) if cost.is_free else _("cost {cost}").format(cost=cost_text(cost))

    def effect(self, effect) -> str:
        return effect_text(effect)

    def effect_text(self, effect) -> str:
        """The effect in the chosen language's words (lent to a kind's notation)."""
        return effect_text(effect)

    def _card_list(self, cards, joiner: str) -> str:
        cards = [names().card(c) for c in cards]
        return and_list(cards, joiner) if language() == "en" else en_list(cards, joiner)

    def chains(self, card: CardDef) -> list[str]:
        lines = [_("free with {cards}").format(cards=_(" or ").join(names().card(c) for c in card.chains))] \
            if card.chains else []
        later = self._chains_to.get(card.name)
        return lines + ([_("chains to {cards}").format(cards=self._card_list(later, _("and")))] if later else [])

    def players(self, card: CardDef) -> str:
        if card.name in self._pooled:
            return _("drawn at random")
        if card.deck and not card.copies:
            return _("one card in its deck")
        return _("copies {counts}").format(counts=" ".join(f"{n}+" for n in card.copies)) if card.copies \
            else _("no copies")

    # -- whole labels
    def card_label(self, card: CardDef) -> list[str]:
        """The kit's order: name (and colour), the age, the cost, each effect, the chains, the
        players; the age and the cost on lines of their own, so that "1" and "1$" never read
        as one number (braille joins digits across a space)."""
        return ([f"{self.name(card)}, {self.color(card)}", self.age(card), self.cost(card.cost)]
                + [self.effect(e) for e in card.effects] + self.chains(card) + [self.players(card)])

    def card_short(self, card: CardDef) -> str:
        """The card on one line, for a turn log or a list of moves."""
        effects = "; ".join(self.effect(e) for e in card.effects)
        return f"{self.name(card)} ({self.age(card)}, {self.cost(card.cost)}: {effects})"

    def side_label(self, wonder: str, side: SideDef) -> list[str]:
        lines = [_("{wonder}, side {side}").format(wonder=names().city(wonder), side=side.name)]
        lines += [_("board: {effect}").format(effect=self.effect(e)) for e in side.effects]
        lines += [_("stages in any order")] * side.any_order
        return lines + [self.stage(n, stage) for n, stage in enumerate(side.stages, 1)]

    def stage(self, number: int, stage) -> str:
        effects = "; ".join(self.effect(e) for e in stage.effects) or _("nothing")
        return _("stage {number}, {cost}: {effects}").format(number=number, cost=self.cost(stage.cost),
                                                            effects=effects)

    # -- a card and a city in a game's text
    def card_named(self, name: str, age: str) -> str:
        """A card as a turn log, a list of moves or the prompt names it: by its name and
        age (`age` as the action's label writes it, in Roman numerals)."""
        return f"{names().card(name)} ({age})"

    def hand_line(self, card: CardDef) -> str:
        """A card of a player's hand at the prompt, on one line."""
        n = names()
        chains = _(", free with {cards}").format(cards=_(" or ").join(n.card(c) for c in card.chains)) \
            if card.chains else ""
        return printable("  " + _("{card} [{color}, cost {cost}{chains}]: {effects}").format(
            card=n.card(card.name), color=n.kind(card.color) or n.color(card.color), cost=cost_text(card.cost),
            chains=chains, effects="; ".join(self.effect(e) for e in card.effects)))

    def boards(self, cities) -> list[str]:
        """Each city's board and stages after a log's list of players (none in words: a
        reader of words has `wonders cards --wonders`)."""
        return []


class Kit(Words):
    """Cards and wonder sides in the accessible edition's notation: its marks and words are
    the notation table's (content), the names the chosen language's."""

    standard = False

    def __init__(self, ruleset: RuleSet, table: KitTable):
        super().__init__(ruleset)
        self.table = table
        self.coins_in_words = False

    def spell_coins(self) -> None:
        """Write coins in words ("1 muntstuk", "3 coins") instead of the coin mark: the
        rulebook's `$` is "a coin", and a braille table with no cell for it reads it as
        something else (Dutch braille says "dollar")."""
        self.coins_in_words = True

    def word(self, field: str) -> str:
        """A word of the label (a field of the table's [words]) in the chosen language: the
        rule set's translation (msgctxt "notation"), else the table's own."""
        return names().notation(field, self.table.words[field])

    def unmarked(self) -> list[str]:
        """The rule set's resources and science symbols the table gives no mark."""
        vocabulary = self.ruleset.vocabulary
        return [r for r in vocabulary.resources if r not in self.table.resources] \
            + [s for s in vocabulary.symbols if s not in self.table.symbols]

    # -- marks and amounts
    def _amount(self, n: int, mark: str, kind: str) -> str:
        if self.table.amounts[kind] == "repeat" and n > 0:
            return mark * n
        return f"{n}{mark}"

    def resource(self, name: str, n: int = 1) -> str:
        mark = self.table.resources.get(name)
        if mark is None:                                      # a resource the table does not know
            return name if n == 1 else f"{n} {name}"
        return self._amount(n, mark, "resource")

    def symbol(self, name: str) -> str:
        return self.table.symbols.get(name, name)

    def coins(self, n: int) -> str:
        if self.coins_in_words:
            return ngettext("{count} coin", "{count} coins", n).format(count=n)
        return self._amount(n, self.table.marks["coin"], "coin")

    def points(self, n: int) -> str:
        return self._amount(n, self.table.marks["point"], "point")

    def per_text(self, per) -> str:
        """`per QUANTITY` in the language's words (a kind's `notation` asks it)."""
        return describer().per_text(per)

    def scope_text(self, scope) -> str:
        """Whose cities, in the language's words (a kind's `notation` asks it)."""
        return describer().scope_text(scope)

    def shields(self, n: int) -> str:
        return self._amount(n, self.table.marks["shield"], "shield")

    # -- the parts of a label
    def age(self, card: CardDef) -> str:
        return card.deck or str(card.age)      # a card of a phase's deck is in no age

    def cost(self, cost: Cost) -> str:
        if cost.is_free:
            return self.word("free")
        parts = [self.coins(cost.coins)] if cost.coins else []
        tokens = [ngettext("{count} {kind} token", "{count} {kind} tokens", n).format(count=n, kind=names().token(k))
                  for k, n in cost.tokens]                     # a price's tokens: no mark in the kit, in words
        return " ".join(parts + [self.resource(r, n) for r, n in cost.resources] + tokens)

    def chains(self, card: CardDef) -> list[str]:
        n = names()
        lines = [f"{self.word('free_with')} {_(' or ').join(n.card(c) for c in card.chains)}"] if card.chains else []
        later = self._chains_to.get(card.name)
        return lines + ([f"{self.word('chains_to')} {', '.join(n.card(c) for c in later)}"] if later else [])

    def players(self, card: CardDef) -> str:
        if card.name in self._pooled:
            return self.word("random")
        play = self.word("play")
        return ", ".join(f"{play} {n}" for n in card.copies) if card.copies else f"{play} -"

    def side_label(self, wonder: str, side: SideDef) -> list[str]:
        board = " ".join(self.effect(e) for e in side.effects)
        lines = [f"{names().city(wonder)}, {self.word('side')} {side.name}" + (f": {board}" if board else "")]
        lines += [_("stages in any order")] * side.any_order
        return lines + [self.stage(n, stage) for n, stage in enumerate(side.stages, 1)]

    def stage(self, number: int, stage) -> str:
        effects = "; ".join(self.effect(e) for e in stage.effects) or "-"
        return f"{self.word('stage')} {number}, {self.cost(stage.cost)}: {effects}"

    # -- effects: the kit's marks, and the chosen language's words where it has none
    def effect(self, effect) -> str:
        kind = effect_kind_of(effect)
        marked = kind.notation(effect, self) if kind is not None else None
        return effect_text(effect) if marked is None else marked    # a kind's marks, or its words

    def action(self, action) -> str:
        d = describer()
        kind = kind_of(action)
        if kind is not None:                     # a kind of kinds/actions/: its marks, or its words
            marked = kind.notation(action, self)
            return d.action_text(action) if marked is None else marked
        return d.action_text(action)

    def condition(self, c) -> str:
        """A condition: its kind's marks (kinds/conditions/), or its words."""
        d = describer()
        marked = condition_kind(c).notation(c, self)
        return d.comparison_text(c) if marked is None else marked

    def score(self, value) -> str:
        """A score line's value: its kind's marks (kinds/expressions/), or its words and the point's."""
        marked = expression_kind(value).notation(value, self)
        return f"{describer().score_text(value)} {self.table.marks['point']}" if marked is None else marked

    # -- a card and a city in a game's text
    def card_named(self, name: str, age: str) -> str:
        card = self._by_age.get((name, age))
        return super().card_named(name, age) if card is None else self.card_short(card)

    def hand_line(self, card: CardDef) -> str:
        """A card of the hand: its label but the player counts, on one line."""
        return printable("  " + "; ".join(self.card_label(card)[:-1]))

    def boards(self, cities) -> list[str]:
        lines = []
        for city in cities:
            side = next(s for w in self.ruleset.wonders if w.name == city.side.wonder
                        for s in w.sides if s.name == city.side.side)
            lines += [printable(f"  {names().city(city.name)}, {line}")
                      for line in self.side_label(city.side.wonder, side)]
        return lines


def writer(ruleset: RuleSet, notation: str = "standard", paths=(), rules=None) -> Words:
    """The writer of a notation for a rule set (NotationError if its table is unusable)."""
    if notation == "accessible":
        return Kit(ruleset, read_table(table_path(paths, rules)))
    return Words(ruleset)

