"""Wonders: a rules language and interpreter for the board game 7 Wonders.

Four layers, each importing only itself and those below (docs/architecture.md): the core
(syntax -> check -> compile -> engine, and api.py, the public façade), the players (bots,
sim), the views (views/: words, notation, pictures, tables and logs) and the front ends
(commands, lsp, studio, editor, cli.py).
"""

__version__ = "0.1.0"
