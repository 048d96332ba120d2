"""`wonders render`: draw the cards and wonder boards of the rule set as SVG, on one HTML
page, and on an A4 print sheet of nine cards a page."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from .common import CONTENT, LANG, RULES, VARIANT, age_option, fail_on_errors, load, shown
from .outputs import check_outputs


def _output_folder(out: str) -> Path:
    """The folder to write into, made if missing; a usage error (exit 2) if it cannot be."""
    path = Path(out)
    if path.exists() and not path.is_dir():
        raise click.BadParameter(f"{out} exists and is not a folder", param_hint="--out")
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise click.BadParameter(f"cannot make the folder {out}: {err.strerror}", param_hint="--out") from None
    if not os.access(path, os.W_OK | os.X_OK):
        raise click.BadParameter(f"cannot write into {out}: permission denied", param_hint="--out")
    return path


@click.command()
@click.option("--out", "out", required=True, type=click.Path(), metavar="DIR",
              help="folder for index.html, print.html, cards/*.svg and wonders/*.svg (made if missing); "
                   "wonders-render.json there lists them, and only files it lists are replaced or removed")
@click.option("--age", help="only the cards of this age (1, 2, 3 or I, II, III); wonders are always drawn")
@CONTENT
@VARIANT
@LANG
@RULES
def render(out, age, paths, variants, rules):
    """Draw every card and wonder side: an HTML page, an SVG each, and an A4 print sheet.

    Cards are drawn from the effect objects: colour band, cost, name, chains, copies by
    player count, and each effect in icons and in words.
    """
    from interpreter.render.build import NotOurs, render as draw
    check_outputs([("--out", out)])
    result = load(paths, variants, rules)
    fail_on_errors(result)
    age_number = age_option(age, result.ruleset)
    folder = _output_folder(out)
    try:
        done = draw(result.ruleset, folder, age_number, result.variants,
                    progress=lambda text: click.echo(text + "...", err=True))
    except NotOurs as err:
        listed = ", ".join(err.files[:5]) + (f" and {len(err.files) - 5} more" if len(err.files) > 5 else "")
        raise click.BadParameter(f"{shown(out)} holds files that `wonders render` did not write and would replace "
                                 f"({listed}); move them, or choose another folder", param_hint="--out") from None
    except OSError as err:
        click.echo(f"error: {err.filename or out}: cannot write: {err.strerror}", err=True)
        sys.exit(1)
    except KeyboardInterrupt:                  # click would say "Aborted!" and exit 1
        click.echo(f"interrupted: the files in {folder} are each whole, but not all were drawn", err=True)
        sys.exit(130)
    click.echo(f"{done.cards} card(s) and {done.wonder_sides} wonder side(s) drawn in {folder}: "
               f"open {folder / 'index.html'}; print {folder / 'print.html'} "
               f"({-(-done.cards // 9)} A4 page(s))")
