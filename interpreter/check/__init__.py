"""Syntax tree to rule set: resolve names, validate, collect diagnostics."""
