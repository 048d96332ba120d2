"""`wonders studio`: the local web application for designers (interpreter/studio/, docs/studio.md)."""

from __future__ import annotations

from pathlib import Path

import click

from interpreter.commands.click_language import Command
from interpreter.i18n import N_, _
from interpreter.i18n.os_reasons import os_reason
from interpreter.commands.common import LANG

# the modules of the `studio` extra (pyproject.toml) that the studio imports only once it runs
STUDIO_NEEDS = ("starlette", "uvicorn", "websockets", "pygls", "plotly")


@click.command(cls=Command,
               help=N_("Write rules, see the cards and weigh variants in the browser, on FOLDER (a content folder "
                       "with its variants/; default: the shipped content).\n\n"
                       "Prints the address with its access token; Ctrl-C stops the studio."))
@click.argument("folder", required=False, type=click.Path(file_okay=False))
@click.option("--port", type=click.IntRange(0, 65535), default=0, show_default=N_("any free port"),
              help=N_("the port to listen on"))
@click.option("--host", default="127.0.0.1", show_default=True, metavar="ADDRESS",
              help=N_("the address to listen on; anything but the loopback address lets other machines "
                   "reach the studio (the token still guards it)"))
@click.option("--no-browser", is_flag=True, help=N_("print the address but do not open a browser"))
@LANG
def studio(folder, port, host, no_browser):
    try:                        # every module of the `studio` extra, before anything starts
        import importlib
        for module in STUDIO_NEEDS:
            importlib.import_module(module)
        from interpreter.studio.serve import is_loopback, serve
    except ImportError as err:
        raise click.UsageError(_("the studio needs the `studio` extra ({module} is missing): "
                                 "pip install 'wonders[studio]'").format(module=err.name)) from None
    from interpreter.paths import content_dir
    root = Path(folder) if folder else content_dir()
    if not root.is_dir():
        raise click.BadParameter(_("{folder}: no such folder").format(folder=folder), param_hint=_("FOLDER"))
    if not any(root.rglob("*.wonders")):
        raise click.BadParameter(_("{folder} holds no .wonders file: open a content folder").format(folder=folder),
                                 param_hint=_("FOLDER"))
    if not is_loopback(host):
        click.echo(_("warning: listening on {host}: other machines on the network can reach this studio; "
                     "only the access token keeps them out").format(host=host), err=True)
    try:
        serve(root, host, port, not no_browser, lambda text: click.echo(text, err=False))
    except OSError as err:
        raise click.UsageError(_("cannot listen on {host}:{port}: {reason}").format(host=host, port=port,
                                                                                  reason=os_reason(err))) from None
