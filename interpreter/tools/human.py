"""A person at the terminal as a decider: shows the hand, the city, the neighbours and
the legal actions with their prices, and asks again on bad input.

Whatever is typed is only ever compared with the numbers shown: `²`, digits of other
scripts, a number of ten thousand digits, control characters or bytes that are not UTF-8
are refused and the question is asked again.  Ending the input (Ctrl-D) raises EOFError
and Ctrl-C KeyboardInterrupt, which the `play` command tells apart."""

from __future__ import annotations

import sys

import click

from ..check.rules import roman
from ..describe import cost_text, effect_text
from ..printable import printable

MAX_LINE = 4096            # bytes of an answer kept; the rest of a longer line is read and dropped


def read_answer(question: str, err: bool = False) -> str:
    """One line typed at the terminal (without its end), or EOFError when the input ended."""
    click.echo(f"{question}: ", nl=False, err=err)
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:                               # a text-only stand-in for stdin
        line = sys.stdin.readline(MAX_LINE)
        rest = line
        while rest and not rest.endswith("\n") and len(rest) == MAX_LINE:
            rest = sys.stdin.readline(MAX_LINE)
        if not line:
            raise EOFError
        return line.rstrip("\r\n")
    raw = stream.readline(MAX_LINE)
    if not raw:
        raise EOFError
    rest = raw
    while not rest.endswith(b"\n") and len(rest) == MAX_LINE:
        rest = stream.readline(MAX_LINE)             # drop the rest of a very long line
    return raw.decode("utf-8", errors="replace").rstrip("\r\n")


def choice_number(answer: str, count: int) -> int | None:
    """The 0-based option an answer picks: plain ASCII digits from 1 to `count`, else None."""
    answer = answer.strip()
    if answer.isascii() and answer.isdigit() and len(answer) <= 12 and 1 <= int(answer) <= count:
        return int(answer) - 1
    return None


class HumanDecider:
    name = "human"

    def __init__(self, ask=read_answer, echo=click.echo, view=None):
        self.ask, self.echo = ask, echo
        self.view = view            # access.present.Presenter: the reader's notation and layout

    def decide(self, game, seat, kind, options) -> int:
        t = game.tables
        city = game.cities[seat]
        left, right = game.neighbours(seat)
        neutral = seat in game.neutrals
        if neutral:
            self._heading(f"\n== Age {roman(game.age.number)}, turn {game.turn}: your decision for the "
                          f"{printable(city.name)} (you hold its card) ==")
        else:
            self._heading(f"\n== Age {roman(game.age.number)}, turn {game.turn}: {printable(city.name)}, "
                          f"your {kind} decision ==")
        for label, c in (("It" if neutral else "You", city), ("Left", left), ("Right", right)):
            built = ", ".join(printable(t.cards[i].name) for i in c.built) or "nothing yet"
            self.echo(f"{label}: {printable(c.name)} ({printable(c.side.wonder)} {printable(c.side.side)}), "
                      f"{c.coins} coins, "
                      f"{c.shields} shields, stages {c.stages}/{len(c.side.stages)}; built: {built}")
        if kind != "discard":
            self.echo("Cards it can play (from your hand):" if neutral else "Hand:")
            for i in dict.fromkeys(o.card for o in options) if neutral else dict.fromkeys(game.hands[seat]):
                card = t.ruleset.cards[i]
                if self.view is not None:
                    self.echo(self.view.hand_line(card))
                    continue
                effects = "; ".join(effect_text(e) for e in card.effects)
                chains = f", free with {' or '.join(card.chains)}" if card.chains else ""
                self.echo(printable(f"  {card.name} [{card.color}, cost {cost_text(card.cost)}{chains}]: {effects}"))
        for n, option in enumerate(options, 1):
            label = option.label(t) if self.view is None else self.view.action(option.label(t))
            self.echo(f"  {n:>2}. {printable(label)}")
        while True:
            chosen = choice_number(str(self.ask("Your choice (number)")), len(options))
            if chosen is not None:
                return chosen
            self.echo(f"Please type a number from 1 to {len(options)}.")

    def _heading(self, text: str) -> None:
        self.echo(text if self.view is None else self.view.heading(text))

