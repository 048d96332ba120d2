"""`wonders lsp`: the language server over standard input and output (interpreter/lsp/)."""

from __future__ import annotations

import click


@click.command()
@click.option("--stdio", is_flag=True, help="talk over standard input and output (the default and only way)")
def lsp(stdio):
    """Run the language server for editors (LSP over stdio): diagnostics as you type,
    hover, go to definition, references, completion, outline, formatting and rename."""
    try:
        from interpreter.lsp.server import run
    except ImportError as err:
        raise click.UsageError(f"the language server needs the `lsp` extra ({err.name} is missing): "
                               "pip install 'wonders[lsp]'") from None
    run()
