"""A person at the terminal as a decider: shows the hand, the city, the neighbours and
the legal actions with their prices, and asks again on bad input."""

from __future__ import annotations

import click

from ..check.rules import roman
from ..describe import cost_text, effect_text


class HumanDecider:
    name = "human"

    def __init__(self, prompt=click.prompt, echo=click.echo):
        self.prompt, self.echo = prompt, echo

    def decide(self, game, seat, kind, options) -> int:
        t = game.tables
        city = game.cities[seat]
        left, right = game.neighbours(seat)
        neutral = seat in game.neutrals
        if neutral:
            self.echo(f"\n== Age {roman(game.age.number)}, turn {game.turn}: your decision for the {city.name} "
                      f"(you hold its card) ==")
        else:
            self.echo(f"\n== Age {roman(game.age.number)}, turn {game.turn}: {city.name}, your {kind} decision ==")
        for label, c in (("It" if neutral else "You", city), ("Left", left), ("Right", right)):
            built = ", ".join(t.cards[i].name for i in c.built) or "nothing yet"
            self.echo(f"{label}: {c.name} ({c.side.wonder} {c.side.side}), {c.coins} coins, "
                      f"{c.shields} shields, stages {c.stages}/{len(c.side.stages)}; built: {built}")
        if kind != "discard":
            self.echo("Cards it can play (from your hand):" if neutral else "Hand:")
            for i in dict.fromkeys(o.card for o in options) if neutral else dict.fromkeys(game.hands[seat]):
                card = t.ruleset.cards[i]
                effects = "; ".join(effect_text(e) for e in card.effects)
                chains = f", free with {' or '.join(card.chains)}" if card.chains else ""
                self.echo(f"  {card.name} [{card.color}, cost {cost_text(card.cost)}{chains}]: {effects}")
        for n, option in enumerate(options, 1):
            self.echo(f"  {n:>2}. {option.label(t)}")
        while True:
            answer = self.prompt("Your choice (number)", default="", show_default=False)
            answer = str(answer).strip()
            if answer.isdigit() and 1 <= int(answer) <= len(options):
                return int(answer) - 1
            self.echo(f"Please type a number from 1 to {len(options)}.")

