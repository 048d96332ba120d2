"""`wonders render`: draw the cards and wonder boards of the rule set as SVG, on one HTML
page, and on an A4 print sheet of nine cards a page."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from interpreter.commands.click_language import Command
from interpreter.i18n import N_

from interpreter.i18n import _
from interpreter.i18n.os_reasons import os_reason

from .common import CONTENT, LANG, RULES, VARIANT, age_option, fail_on_errors, load, shown
from .outputs import check_outputs, content_inputs


def _output_folder(out: str) -> Path:
    """The folder to write into, made if missing; a usage error (exit 2) if it cannot be."""
    path = Path(out)
    if path.exists() and not path.is_dir():
        raise click.BadParameter(_("{folder} exists and is not a folder").format(folder=out), param_hint="--out")
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise click.BadParameter(_("cannot make the folder {folder}: {reason}").format(
            folder=out, reason=os_reason(err)),
                                 param_hint="--out") from None
    if not os.access(path, os.W_OK | os.X_OK):
        raise click.BadParameter(_("cannot write into {folder}: permission denied").format(folder=out),
                                 param_hint="--out")
    return path


@click.command(cls=Command,
               help=N_("Draw every card and wonder side: an HTML page, an SVG each, and an A4 print sheet.\n\n"
                       "Cards are drawn from the effect objects: colour band, cost, name, chains, copies by player "
                       "count, and each effect in icons and in words."))
@click.option("--out", "out", type=click.Path(), metavar="DIR",
              help=N_("folder for index.html, print.html, cards/*.svg and wonders/*.svg (made if missing); "
                   "wonders-render.json there lists them, and only files it lists are replaced or removed"))
@click.option("--age", help=N_("only the cards of this age (1, 2, 3 or I, II, III); wonders are always drawn"))
@click.option("--braille", "braille_file", type=click.Path(dir_okay=False), metavar="OUT.brf",
              help=N_("write a braille label of every card and wonder side (kit notation, liblouis) to this BRF file"))
@click.option("--braille-table", default=None, metavar="TABLE",
              help=N_("the liblouis table (default: the language's: en-ueb-g1.ctb, Unified English Braille "
                   "grade 1; with --lang nl nl-NL-g0.utb, Dutch uncontracted braille)"))
@click.option("--cells", type=click.IntRange(12, 100), default=40, show_default=True,
              help=N_("braille cells per embossed line"))
@click.option("--lines", type=click.IntRange(5, 100), default=25, show_default=True,
              help=N_("embossed lines per braille page"))
@CONTENT
@VARIANT
@LANG
@RULES
def render(out, age, braille_file, braille_table, cells, lines, paths, variants, rules):
    from interpreter.views.render.build import NotOurs, render as draw
    if out is None and braille_file is None:
        raise click.UsageError(_("Missing option '--out' (or --braille OUT.brf)."))
    check_outputs([("--out", out), ("--braille", braille_file)], content_inputs(paths, variants, rules))
    result = load(paths, variants, rules)
    fail_on_errors(result)
    age_number = age_option(age, result.ruleset)
    if braille_file is not None:
        from interpreter.views.access.braille import language_table
        from interpreter.i18n import language
        from .braille import write_braille
        braille_table = braille_table or language_table(language())
        write_braille(braille_file, result.ruleset, age_number, braille_table, cells, lines, paths, rules)
        if out is None:
            return
    folder = _output_folder(out)
    try:
        done = draw(result.ruleset, folder, age_number, result.variants,
                    progress=lambda text: click.echo(text + "...", err=True))
    except NotOurs as err:
        listed = ", ".join(err.files[:5]) + (f" and {len(err.files) - 5} more" if len(err.files) > 5 else "")
        raise click.BadParameter(_("{folder} holds files that `wonders render` did not write and would replace "
                                   "({files}); move them, or choose another folder").format(
            folder=shown(out), files=listed), param_hint="--out") from None
    except OSError as err:
        click.echo(_("error: {file}: cannot write: {reason}").format(file=err.filename or out, reason=os_reason(err)),
                   err=True)
        sys.exit(1)
    except KeyboardInterrupt:                  # click would say "Aborted!" and exit 1
        click.echo(_("interrupted: the files in {folder} are each whole, but not all were drawn").format(folder=folder),
                   err=True)
        sys.exit(130)
    click.echo(_("{cards} card(s) and {sides} wonder side(s) drawn in {folder}: open {page}; print {sheet} "
                 "({pages} A4 page(s))").format(cards=done.cards, sides=done.wonder_sides, folder=folder,
                                                page=folder / "index.html", sheet=folder / "print.html",
                                                pages=-(-done.cards // 9)))
