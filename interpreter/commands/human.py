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
from ..views.describe import describer
from ..plainmode import is_plain
from ..i18n import _, names, ngettext
from ..printable import printable
from ..engine.teams import partners
from ..kinds.decisions import DECISIONS
from ..views.action_words import option_by_name, shown_action

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

    def __init__(self, ask=read_answer, echo=click.echo, words=None):
        self.ask, self.echo = ask, echo
        self.words = words          # access.notation.Words: how cards are written (None: in words)

    def decide(self, game, seat, kind, options) -> int:
        t = game.tables
        n = names()
        city = game.cities[seat]
        left, right = game.neighbours(seat)
        neutral = seat in game.neutrals
        where = {"age": roman(game.age.number), "turn": game.turn, "city": printable(n.city(city.name))}
        if neutral:
            self._heading("\n" + _("== Age {age}, turn {turn}: your decision for the {city} (you hold its card) ==")
                          .format(**where))
        else:
            self._heading("\n" + _("== Age {age}, turn {turn}: {city}, your {kind} decision ==")
                          .format(**where, kind=_(DECISIONS[kind].words) if kind in DECISIONS else kind))
        for label, c in ((_("It") if neutral else _("You"), city), (_("Left"), left), (_("Right"), right)):
            built = ", ".join(printable(n.card(t.cards[i].name)) for i in c.built) or _("nothing yet")
            self.echo(_("{who}: {city} ({wonder} {side}), {coins}, {shields}, stages {stages}/{of}; built: {built}")
                      .format(who=label, city=printable(n.city(c.name)), wonder=printable(n.city(c.side.wonder)),
                              side=printable(c.side.side),
                              coins=ngettext("{count} coin", "{count} coins", c.coins).format(count=c.coins),
                              shields=ngettext("{count} shield", "{count} shields", c.shields).format(count=c.shields),
                              stages=c.stages, of=len(c.side.stages), built=built))
            if c.kept:                        # kept tokens: what a price or a free build may ask of it
                self.echo("    " + _("tokens: {tokens}").format(tokens=", ".join(
                    f"{count} {printable(n.token(kind))}" for kind, count in sorted(c.kept.items()))))
        if game.revealed:                     # `reveal N cards from deck "D"`: face up for every city
            self.echo(_("On the table:"))
            for i in game.shown_cards():
                self.echo(self._words(t).hand_line(t.ruleset.cards[i]))
        shows = DECISIONS[kind].shows if kind in DECISIONS else "hand"    # (kinds/decisions/)
        if shows == "offer":                  # `may pay PRICE to ACTION`: what is offered, in words
            self.echo(_("Offered: {offer}").format(offer=printable(describer().action_text(game.stack[-1][1].node))))
        if shows in ("hand", "options"):
            self.echo(_("Cards it can play (from your hand):") if neutral else _("Hand:"))
            held = (o.card for o in options if o.card >= 0) if neutral or shows == "options" else game.hands[seat]
            for i in dict.fromkeys(held):
                self.echo(self._words(t).hand_line(t.ruleset.cards[i]))
            for partner in ([] if neutral else partners(t.rules, seat, game.players)):
                self.echo(_("Your partner {city} holds:").format(city=printable(n.city(game.cities[partner].name))))
                for i in dict.fromkeys(game.hands[partner]):
                    self.echo(self._words(t).hand_line(t.ruleset.cards[i]))
        for number, option in enumerate(options, 1):
            self.echo(f"  {number:>2}. {printable(shown_action(option.label(t), self.words))}")
        while True:
            answer = str(self.ask(_("Your choice (number or card name)")))
            chosen = choice_number(answer, len(options))
            if chosen is None:
                chosen = option_by_name(answer, options, t)
            if chosen is not None:
                return chosen
            self.echo(_("Please type a number from 1 to {count}, or the name of a card to build.")
                      .format(count=len(options)))

    def _words(self, tables):
        if self.words is None:
            from ..views.access.notation import Words
            self.words = Words(tables.ruleset)
        return self.words

    def _heading(self, text: str) -> None:
        """A heading between `==`; in the plain mode a blank line and the words alone."""
        self.echo("\n" + text.strip().strip("=").strip() if is_plain() else text)
