"""The `wonders` command: registers the commands of interpreter/commands/, one module each.

Click gives the option parsing, help pages and exit status 2 for usage errors; each
command's options live in interpreter/commands/, and their work in the layer it belongs
to (interpreter/views/, sim/, the core: docs/architecture.md, "Four layers").
"""

from __future__ import annotations

import click

from interpreter import __version__
from interpreter.commands.common import LANG
from interpreter.commands.exits import Group
from interpreter.i18n import N_
from interpreter.commands.common import run_game as _run  # noqa: F401  (tests drive a game through it)


_CLICK_VERSION = "%(prog)s, version %(version)s"        # Click's msgid: its catalog, click/LANG.po


def _show_version(ctx, param, value) -> None:
    """`wonders --version`, worded by Click's catalog when shown (the language is chosen per
    run; click.version_option words its sentence when the command is defined)."""
    if value and not ctx.resilient_parsing:
        from interpreter import i18n
        said = i18n.catalog(i18n.language(), "click").gettext(_CLICK_VERSION)
        click.echo(said % {"prog": "wonders", "version": __version__})
        from interpreter.engine import compiled
        click.echo(i18n._("engine: compiled (mypyc)") if compiled() else
                   i18n._("engine: Python, not compiled (docs/performance.md, \"The compiled engine\")"))
        ctx.exit()


@click.group(cls=Group, context_settings={"help_option_names": ["-h", "--help"]},
             help=N_("Wonders: 7 Wonders as a rules language.  Check content, list cards, play games."))
@click.option("--version", is_flag=True, expose_value=False, is_eager=True, callback=_show_version,
              help="Show the version and exit.")              # Click's sentence, in its catalog (click/nl.po)
@LANG
def main() -> None:
    pass


from interpreter.commands.check import check as _check  # noqa: E402
from interpreter.commands.cards import cards as _cards  # noqa: E402
from interpreter.commands.play import play as _play  # noqa: E402
from interpreter.commands.replay import replay as _replay  # noqa: E402
from interpreter.commands.moves import moves as _moves  # noqa: E402
from interpreter.commands.score import score as _score  # noqa: E402
from interpreter.commands.rules import rules as _rules  # noqa: E402
from interpreter.commands.fmt import fmt as _fmt  # noqa: E402
from interpreter.commands.lsp import lsp as _lsp  # noqa: E402
from interpreter.commands.render import render as _render  # noqa: E402
from interpreter.commands.simulate import simulate as _simulate  # noqa: E402
from interpreter.commands.compare import compare as _compare  # noqa: E402
from interpreter.commands.ladder import ladder as _ladder  # noqa: E402
from interpreter.commands.train import train as _train  # noqa: E402
from interpreter.commands.tune import tune as _tune  # noqa: E402
from interpreter.commands.studio import studio as _studio  # noqa: E402

for _command in (_check, _cards, _play, _replay, _moves, _score, _rules, _fmt, _lsp, _render, _simulate, _compare, _ladder, _train, _tune, _studio):
    main.add_command(_command)


def run() -> None:
    """Entry point: never a Python traceback for the user (WONDERS_DEBUG=1 shows it).

    Click's own standalone mode would turn Ctrl-C into "Aborted!" and status 1, and a
    closed pipe into a traceback; here Ctrl-C is 130, a closed pipe ends quietly with 0."""
    from interpreter.commands.exits import run_command
    run_command(main)


if __name__ == "__main__":
    run()
