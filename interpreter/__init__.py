"""Wonders: a rules language and interpreter for the board game 7 Wonders.

The pipeline, one pass per sub-package:  syntax (parse text into a syntax tree)
-> check (resolve names, validate, build the rule set) -> tools (cli.py).
"""

__version__ = "0.1.0"
