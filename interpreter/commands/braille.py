"""`wonders render --braille OUT.brf`: the braille labels of the cards and wonder sides,
written whole (atomically) or not at all; a system without liblouis gets the packages to
install and exit status 69 (EX_UNAVAILABLE), an unknown braille table a usage error."""

from __future__ import annotations

import sys

import click

from interpreter.i18n import _
from interpreter.i18n.os_reasons import os_reason

from .common import card_writer, shown, write

UNAVAILABLE = 69


def write_braille(path, ruleset, age, table, cells, lines, paths=(), rules=None) -> None:
    from interpreter.i18n import _
    from interpreter.views.access.braille import (BrailleTableError, BrailleTextError, BrailleUnavailable, check_table,
                                            emboss, writes)
    words = card_writer(ruleset, "accessible", paths, rules)
    cards = [c for c in ruleset.cards if age is None or c.age == age]
    try:
        check_table(table)
        if not writes(words.table.marks["coin"], table):      # the rulebook's `$` is "a coin": say so
            words.spell_coins()
        labels = [words.card_label(c) for c in cards]
        labels += [words.side_label(w.name, side) for w in ruleset.wonders for side in w.sides]
        text = emboss(labels, table, cells, lines)
    except BrailleUnavailable as err:
        click.echo(_("error: {problem}").format(problem=shown(str(err))), err=True)
        sys.exit(UNAVAILABLE)
    except BrailleTableError as err:
        raise click.BadParameter(shown(str(err)), param_hint="--braille-table") from None
    except BrailleTextError as err:
        click.echo(_("error: {problem}; no file was written (choose another --braille-table, or rename what the "
                     "content calls it)").format(problem=shown(str(err))), err=True)
        sys.exit(1)
    from pathlib import Path
    try:                                       # like --out, the folder is made if missing
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise click.BadParameter(_("cannot make the folder of {file}: {reason}").format(
            file=shown(path), reason=os_reason(err)),
                                 param_hint="--braille") from None
    write(path, text)
    pages = text.count("\f")
    click.echo(_("{cards} card label(s) and {sides} wonder side label(s) in braille ({table}, {cells} cells x "
                 "{lines} lines): {file}, {pages} page(s)").format(cards=len(cards), sides=len(labels) - len(cards),
                                                                  table=table, cells=cells, lines=lines,
                                                                  file=shown(path), pages=pages))
