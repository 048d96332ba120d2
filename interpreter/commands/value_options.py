"""`--value` and `--prefer` of `simulate` and `compare`: what a card, a colour or a wonder
side is worth, by restricted play (sim/restrict.py).  The targets are read against the
rules before any game, an unknown one refused with the closest names (exit 2)."""

from __future__ import annotations

import attrs
import click

from interpreter.i18n import N_

VALUE = click.option("--value", "values", multiple=True, metavar="CARD|COLOUR|SIDE",
                     help=N_("what a card, a colour or a wonder side (\"WONDER A\") is worth: the same games again "
                             "with one seat in turn never building it (a side: given it), and the change in that "
                             "seat's win rate and score (repeatable)"))
PREFER = click.option("--prefer", "prefers", multiple=True, metavar="CARD|COLOUR",
                      help=N_("as --value, but the seat builds the card (or a card of the colour) whenever it can "
                              "(repeatable)"))


def value_options(command):
    return VALUE(PREFER(command))


def study_targets(tables, values, prefers):
    """The targets asked (restrict.Target), each once, in the order given."""
    from ..sim.restrict import UnknownTarget, resolve
    targets = []
    for option, texts, mode in (("--value", values, "forbid"), ("--prefer", prefers, "prefer")):
        for text in texts:
            try:
                target = resolve(tables, text, mode)
            except UnknownTarget as err:
                raise click.BadParameter(str(err), param_hint=option) from None
            if target.key not in [t.key for t in targets]:
                targets.append(target)
    return targets


def with_targets(options, targets):
    """The run's options with the study's targets (their keys travel to the workers)."""
    return attrs.evolve(options, values=tuple(t.key for t in targets)) if targets else options
