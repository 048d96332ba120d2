"""Legal actions: build a card (paying, by chain, or by a free-build power), build the
next wonder stage with a card, or sell it.  Each payment option is its own action."""

from __future__ import annotations

from typing import NamedTuple

from .payment import payment_options


class Action(NamedTuple):
    """A tuple, not an attrs class: the engine makes a great many of them."""
    kind: str                  # "build", "stage", "sell" or "pass"
    card: int                  # index into tables.cards (-1 for "pass")
    left: int = 0              # coins paid to the left neighbour
    right: int = 0             # coins paid to the right neighbour
    free: str = ""             # "chain", "power" or "rule" when built without paying

    def label(self, tables) -> str:
        if self.kind == "pass":
            return "pass"
        card = tables.cards[self.card]
        name = f"{card.name} ({'I' * card.age if card.age <= 3 else card.age})"
        text = {"build": "build", "stage": "wonder stage with", "sell": "sell"}[self.kind] + " " + name
        if self.free == "chain":
            text += " free by chain"
        elif self.free in ("power", "rule"):
            text += " free by power"
        pays = [f"{n} to left" for n in [self.left] if n] + [f"{n} to right" for n in [self.right] if n]
        if pays:
            text += " paying " + " and ".join(pays)
        return text


def legal_actions(game, seat: int, hand=None) -> list[Action]:
    """Every legal action of `seat` with the cards of its hand, each payment option its own
    action, cheapest first.  (The hot path of a game: kept plain on purpose.)"""
    cards = game.tables.cards
    city = game.cities[seat]
    left, right = game.neighbours(seat)
    hand = game.hands[seat] if hand is None else hand
    coins, names = city.coins, city.names
    actions: list[Action] = []
    stage = city.next_stage()
    stage_payments = ()
    if stage is not None and stage.cost_coins <= coins:
        budget = coins - stage.cost_coins
        stage_payments = [p for p in payment_options(stage.cost, city, left, right) if p[0] + p[1] <= budget]
    power_free = bool(city.free_build) and not city.free_build_used
    rules_free = bool(city.free_rules)
    for index in dict.fromkeys(hand):
        card = cards[index]
        if card.name not in names:
            if not card.chains.isdisjoint(names):
                actions.append(Action("build", index, 0, 0, "chain"))
            elif rules_free and city.free_by_rule(card, game.turn, game.age.turns):
                actions.append(Action("build", index, 0, 0, "rule"))
            else:
                free_anyway = False
                if card.cost_coins <= coins:
                    budget = coins - card.cost_coins
                    for l, r in payment_options(card.cost, city, left, right):
                        if l + r <= budget:
                            actions.append(Action("build", index, l, r))
                            free_anyway = free_anyway or (l + r == 0 and not card.cost_coins)
                if power_free and not free_anyway:
                    actions.append(Action("build", index, 0, 0, "power"))
        for l, r in stage_payments:
            actions.append(Action("stage", index, l, r))
        actions.append(Action("sell", index))
    return actions


def build_options_from(game, seat: int, pile) -> list[Action]:
    """Cards of a pile the city may build for free (no second building of one name)."""
    city = game.cities[seat]
    seen, out = set(), []
    for index in pile:
        name = game.tables.cards[index].name
        if name not in city.names and index not in seen:
            seen.add(index)
            out.append(Action("build", index, free="power"))
    return out
