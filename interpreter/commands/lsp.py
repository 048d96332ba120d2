"""`wonders lsp`: the language server over standard input and output (interpreter/lsp/)."""

from __future__ import annotations

import click

from interpreter.commands.click_language import Command
from interpreter.i18n import N_, _
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
        raise click.UsageError(_("the language server needs the `lsp` extra ({module} is missing): "
                                 "pip install 'wonders[lsp]'").format(module=err.name)) from None
    source = click.get_current_context().get_parameter_source("lang")
    run(language_given=source is click.core.ParameterSource.COMMANDLINE)
