"""`wonders lsp`: the language server over standard input and output (interpreter/lsp/)."""

from __future__ import annotations

import click

from interpreter.commands.click_language import Command
from interpreter.i18n import N_
from interpreter.commands.common import LANG


@click.command(cls=Command,
               help=N_("Run the language server for editors (LSP over stdio): diagnostics as you type, hover, go to "
                       "definition, references, completion, outline, formatting and rename."))
@click.option("--stdio", is_flag=True, help=N_("talk over standard input and output (the default and only way)"))
@LANG
def lsp(stdio):
    try:
        from interpreter.lsp.server import run
    except ImportError as err:
        raise click.UsageError(f"the language server needs the `lsp` extra ({err.name} is missing): "
                               "pip install 'wonders[lsp]'") from None
    run()
